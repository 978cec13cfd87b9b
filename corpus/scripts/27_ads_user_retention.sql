-- New-user retention for the 7 days before the run date.
insert into table ads.ads_user_retention
select '2024-03-01' as dt,
       reg.register_date as create_date,
       datediff('2024-03-01', reg.register_date) as retention_day,
       sum(if(act.user_id is not null, 1, 0)) as retention_count,
       count(reg.user_id) as new_user_count,
       cast(sum(if(act.user_id is not null, 1, 0)) * 100 / count(reg.user_id) as decimal(16, 2)) as retention_rate
from (
    select user_id, register_date
    from dwd.dwd_user_register
    where dt >= date_sub('2024-03-01', 7) and dt < '2024-03-01'
) reg
left join (
    select distinct user_id
    from dwd.dwd_page_view
    where dt = '2024-03-01'
) act on reg.user_id = act.user_id
group by reg.register_date;
