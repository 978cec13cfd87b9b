-- Finance's revenue per user and day, through a CTE.
with paid as (
    select user_id, split_total_amount as amount
    from dwd.dwd_trade_order_detail_inc
    where dt = '${etl_date}'
)
insert overwrite table fin.fin_user_revenue_1d partition (dt = '${etl_date}')
select user_id, sum(amount) as revenue
from paid
group by user_id;
