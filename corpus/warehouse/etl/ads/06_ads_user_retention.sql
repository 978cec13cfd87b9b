-- 用户留存率: of the users registered 1..3 days ago, how many were active today.
insert overwrite table ads.ads_user_retention
select '${etl_date}' as dt,
       create_date,
       retention_day,
       sum(if(login_date_last = '${etl_date}', 1, 0)) as retention_count,
       count(*) as new_user_count,
       cast(sum(if(login_date_last = '${etl_date}', 1, 0)) / count(*) * 100 as decimal(16, 2)) as retention_rate
from (
    select u.id as user_id,
           date_format(u.create_time, 'yyyy-MM-dd') as create_date,
           datediff('${etl_date}', date_format(u.create_time, 'yyyy-MM-dd')) as retention_day,
           max(v.view_date) as login_date_last
    from dwd.dim_user_zip u
    left join (
        select user_id, date_format(view_time, 'yyyy-MM-dd') as view_date
        from dwd.dwd_traffic_page_view_inc
        where dt = '${etl_date}'
    ) v on cast(u.id as string) = v.user_id
    where u.dt = '9999-12-31'
      and date_format(u.create_time, 'yyyy-MM-dd') >= date_add('${etl_date}', -3)
      and date_format(u.create_time, 'yyyy-MM-dd') < '${etl_date}'
    group by u.id, date_format(u.create_time, 'yyyy-MM-dd')
) t
group by create_date, retention_day;
