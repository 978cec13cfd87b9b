-- 品类内商品销售额 Top 10
insert overwrite table ads.ads_sku_topn
select '${etl_date}' as dt, category3_id, sku_id, sku_name, order_amount, rk
from (
    select category3_id, sku_id, sku_name,
           sum(order_total_amount_1d) as order_amount,
           rank() over (partition by category3_id order by sum(order_total_amount_1d) desc) as rk
    from dws.dws_trade_user_sku_order_1d
    where dt = '${etl_date}'
    group by category3_id, sku_id, sku_name
) t
where rk <= 10;
