-- 用户价值排行: to-date spend ranked, with the day's page views.
insert overwrite table ads.ads_user_value
select u.id                as user_id,
       u.user_level,
       o.total_amount_td   as order_amount,
       nvl(v.clicks, 0)    as clicks,
       rank() over (order by o.total_amount_td desc) as amount_rank
from dwd.dim_user_zip u
join dws.dws_trade_user_order_td o
  on u.id = o.user_id and o.dt = '${etl_date}'
left join (
    select user_id, count(*) as clicks
    from dwd.dwd_traffic_page_view_inc
    where dt = '${etl_date}'
    group by user_id
) v on cast(u.id as string) = v.user_id
where u.dt = '9999-12-31';
