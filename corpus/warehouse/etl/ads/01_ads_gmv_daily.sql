-- 每日交易额: the report keeps its history; today's row is recomputed and merged in.
insert overwrite table ads.ads_gmv_daily
select * from ads.ads_gmv_daily
union
select o.dt, o.order_count, o.order_user, o.gmv, p.pay_amount
from (
    select '${etl_date}'              as dt,
           sum(order_count_1d)        as order_count,
           count(*)                   as order_user,
           sum(order_total_amount_1d) as gmv
    from dws.dws_trade_user_order_1d
    where dt = '${etl_date}'
) o
join (
    select '${etl_date}' as dt, sum(payment_amount) as pay_amount
    from dwd.dwd_trade_pay_suc_inc
    where dt = '${etl_date}'
) p on o.dt = p.dt;
