-- 交易域下单明细: order detail joined with its order (user, province) and the coupon used.
set hive.exec.dynamic.partition.mode=nonstrict;
set hive.auto.convert.join=true;

insert overwrite table dwd.dwd_trade_order_detail_inc partition (dt = '${etl_date}')
select od.id,
       od.order_id,
       oi.user_id,
       od.sku_id,
       oi.province_id,
       date_format(od.create_time, 'yyyy-MM-dd') as date_id,
       od.create_time,
       od.sku_num,
       od.order_price * od.sku_num as split_original_amount,
       nvl(od.split_activity_amount, 0.0) as split_activity_amount,
       nvl(od.split_coupon_amount, 0.0) as split_coupon_amount,
       od.split_total_amount
from ods.ods_order_detail od
join ods.ods_order_info oi
  on od.order_id = oi.id and oi.dt = '${etl_date}'
left join (
    select order_id, coupon_id
    from ods.ods_coupon_use
    where dt = '${etl_date}' and used_time is not null
) cu on od.order_id = cu.order_id
where od.dt = '${etl_date}';
