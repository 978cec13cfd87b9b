-- Daily load of the order-detail fact table (dwd layer).
-- Run: hive --hiveconf etl_date=2024-03-01 -f 01_dwd_trade_order_detail.sql
set hive.exec.compress.output=true;
set mapreduce.job.queuename=etl_daily;

insert overwrite table dwd.dwd_trade_order_detail partition (dt = '${hiveconf:etl_date}')
select
    od.detail_id,
    od.order_id,
    oi.user_id,
    od.sku_id,
    oi.province_id,
    od.sku_num,
    od.sku_num * od.sku_price                              as original_amount,
    nvl(od.split_coupon_amount, 0)                         as coupon_amount,
    od.sku_num * od.sku_price - nvl(od.split_coupon_amount, 0) as final_amount,
    oi.create_time                                         as order_time
from ods.order_detail od
join ods.order_info oi
  on od.order_id = oi.order_id
 and oi.dt = '${hiveconf:etl_date}'
where od.dt = '${hiveconf:etl_date}'
  and oi.order_status <> 'cancelled';
