-- Order statistics for the last 1, 7 and 30 days, built from a chain of CTEs.
with days as (
    select 1 as recent_days
    union all select 7
    union all select 30
),
orders as (
    select order_id, user_id, total_amount, dt
    from ods.order_info
    where dt > date_sub('2024-03-01', 30)
),
windowed as (
    select d.recent_days, o.order_id, o.user_id, o.total_amount
    from orders o
    cross join days d
    where o.dt > date_sub('2024-03-01', d.recent_days)
),
stats as (
    select recent_days,
           count(order_id)         as order_count,
           count(distinct user_id) as order_user_count,
           sum(total_amount)       as order_amount
    from windowed
    group by recent_days
)
insert overwrite table ads.ads_order_stats
select '2024-03-01', recent_days, order_count, order_user_count, order_amount
from stats;
