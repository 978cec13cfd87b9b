-- Slowly changing dimension (type 2) for users: the classic "zipper" table.
-- Yesterday's open rows are closed when today's snapshot differs.
set hive.exec.dynamic.partition.mode=nonstrict;

insert overwrite table dwd.dwd_user_zip partition (dt)
select user_id, user_name, gender, mobile, city_id, start_date,
       if(rn = 2, date_sub('${hiveconf:etl_date}', 1), end_date) as end_date,
       if(rn = 1, '9999-12-31', date_sub('${hiveconf:etl_date}', 1)) as dt
from (
    select user_id, user_name, gender, mobile, city_id, start_date, end_date,
           row_number() over (partition by user_id order by start_date desc) as rn
    from (
        select user_id, user_name, gender, mobile, city_id, start_date, end_date
        from dwd.dwd_user_zip
        where dt = '9999-12-31'
        union all
        select user_id,
               user_name,
               gender,
               mobile,
               city_id,
               '${hiveconf:etl_date}' as start_date,
               '9999-12-31'           as end_date
        from ods.user_info
        where dt = '${hiveconf:etl_date}'
    ) merged
) ranked
where rn <= 2;
