-- 用户-商品粒度下单汇总: the day's orders per user and SKU, with the SKU's attributes.
with od as (
    select user_id, sku_id,
           count(*)                as order_count_1d,
           sum(sku_num)            as order_num_1d,
           sum(split_total_amount) as order_total_amount_1d
    from dwd.dwd_trade_order_detail_inc
    where dt = '${etl_date}'
    group by user_id, sku_id
),
sku as (
    select id, sku_name, category3_id, tm_id
    from dwd.dim_sku_full
    where dt = '${etl_date}'
)
insert overwrite table dws.dws_trade_user_sku_order_1d partition (dt = '${etl_date}')
select od.user_id,
       od.sku_id,
       sku.sku_name,
       sku.category3_id,
       sku.tm_id,
       od.order_count_1d,
       od.order_num_1d,
       od.order_total_amount_1d
from od
left join sku on od.sku_id = sku.id;
