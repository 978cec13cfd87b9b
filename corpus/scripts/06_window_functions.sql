-- Per-user order sequence, gaps between orders and a 7-day rolling amount.
select user_id,
       order_id,
       create_time,
       row_number() over (partition by user_id order by create_time)          as order_seq,
       lag(create_time, 1) over (partition by user_id order by create_time)   as prev_order_time,
       datediff(create_time,
                lag(create_time, 1, create_time) over (partition by user_id order by create_time)) as gap_days,
       sum(total_amount) over (partition by user_id order by create_time
                               rows between 6 preceding and current row)      as rolling_amount,
       first_value(shop_id) over (partition by user_id order by create_time)  as first_shop,
       ntile(4) over (order by total_amount desc)                            as amount_quartile
from ods.order_info
where dt = '2024-03-01';

-- Top 3 SKUs per first-level category.
insert overwrite table ads.ads_sku_topn
select '2024-03-01', category1_name, sku_id, sku_name, order_amount, rk
from (
    select d.category1_name,
           t.sku_id,
           d.sku_name,
           t.order_amount,
           rank() over (partition by d.category1_name order by t.order_amount desc) as rk
    from (
        select sku_id, sum(final_amount) as order_amount
        from dwd.dwd_trade_order_detail
        where dt = '2024-03-01'
        group by sku_id
    ) t
    join dim.dim_sku d on t.sku_id = d.sku_id and d.dt = '2024-03-01'
) ranked
where rk <= 3;
