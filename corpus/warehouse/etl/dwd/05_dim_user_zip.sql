-- 用户维度拉链表 (SCD type 2). Personal data is masked on the way in:
-- name keeps its first character, the phone number its first three and last four digits,
-- the e-mail address becomes a hash. ods.ods_user_info is synchronised by DataX (no DDL here).
set hive.exec.dynamic.partition=true;
set hive.exec.dynamic.partition.mode=nonstrict;

with tmp as (
    select old.id           as old_id,
           old.login_name   as old_login_name,
           old.nick_name    as old_nick_name,
           old.name         as old_name,
           old.phone_num    as old_phone_num,
           old.email        as old_email,
           old.user_level   as old_user_level,
           old.birthday     as old_birthday,
           old.gender       as old_gender,
           old.create_time  as old_create_time,
           old.operate_time as old_operate_time,
           old.start_date   as old_start_date,
           old.end_date     as old_end_date,
           new.id           as new_id,
           new.login_name   as new_login_name,
           new.nick_name    as new_nick_name,
           new.name         as new_name,
           new.phone_num    as new_phone_num,
           new.email        as new_email,
           new.user_level   as new_user_level,
           new.birthday     as new_birthday,
           new.gender       as new_gender,
           new.create_time  as new_create_time,
           new.operate_time as new_operate_time,
           new.start_date   as new_start_date,
           new.end_date     as new_end_date
    from (
        select id, login_name, nick_name, name, phone_num, email, user_level, birthday, gender,
               create_time, operate_time, start_date, end_date
        from dwd.dim_user_zip
        where dt = '9999-12-31'
    ) old
    full outer join (
        select u.id,
               u.login_name,
               u.nick_name,
               concat(substr(u.name, 1, 1), '**') as name,
               concat(substr(u.phone_num, 1, 3), '****', substr(u.phone_num, 8)) as phone_num,
               md5(u.email) as email,
               u.user_level,
               u.birthday,
               u.gender,
               u.create_time,
               u.operate_time,
               '${etl_date}' as start_date,
               '9999-12-31'  as end_date
        from ods.ods_user_info u
        where u.dt = '${etl_date}'
    ) new on old.id = new.id
)
insert overwrite table dwd.dim_user_zip partition (dt)
select if(new_id is not null, new_id, old_id),
       if(new_id is not null, new_login_name, old_login_name),
       if(new_id is not null, new_nick_name, old_nick_name),
       if(new_id is not null, new_name, old_name),
       if(new_id is not null, new_phone_num, old_phone_num),
       if(new_id is not null, new_email, old_email),
       if(new_id is not null, new_user_level, old_user_level),
       if(new_id is not null, new_birthday, old_birthday),
       if(new_id is not null, new_gender, old_gender),
       if(new_id is not null, new_create_time, old_create_time),
       if(new_id is not null, new_operate_time, old_operate_time),
       if(new_id is not null, new_start_date, old_start_date),
       if(new_id is not null, new_end_date, old_end_date),
       '9999-12-31' as dt
from tmp
union all
select old_id, old_login_name, old_nick_name, old_name, old_phone_num, old_email, old_user_level, old_birthday,
       old_gender, old_create_time, old_operate_time, old_start_date,
       cast(date_add('${etl_date}', -1) as string) as old_end_date,
       cast(date_add('${etl_date}', -1) as string) as dt
from tmp
where old_id is not null and new_id is not null;
