-- 商品维度: today's SKU snapshot.
insert overwrite table dwd.dim_sku_full partition (dt = '${etl_date}')
select id, price, sku_name, weight, tm_id, category3_id, create_time
from ods.ods_sku_info
where dt = '${etl_date}';
