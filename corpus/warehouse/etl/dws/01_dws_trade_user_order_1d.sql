-- 交易域用户粒度订单最近1日汇总
insert overwrite table dws.dws_trade_user_order_1d partition (dt = '${etl_date}')
select user_id,
       count(distinct order_id)    as order_count_1d,
       sum(sku_num)                as order_num_1d,
       sum(split_original_amount)  as order_original_amount_1d,
       sum(split_activity_amount)  as activity_reduce_amount_1d,
       sum(split_coupon_amount)    as coupon_reduce_amount_1d,
       sum(split_total_amount)     as order_total_amount_1d
from dwd.dwd_trade_order_detail_inc
where dt = '${etl_date}'
group by user_id;
