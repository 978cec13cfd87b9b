-- Several levels of derived tables, the innermost doing the real work.
insert overwrite table dws.dws_trade_province_1d partition (dt = '2024-03-01')
select province_id, province_name, order_count, order_amount, user_count
from (
    select x.province_id,
           x.province_name,
           x.order_count,
           x.order_amount,
           x.user_count
    from (
        select a.province_id,
               p.province_name,
               count(a.order_id)         as order_count,
               sum(a.final_amount)       as order_amount,
               count(distinct a.user_id) as user_count
        from (
            select province_id, order_id, user_id, sum(final_amount) as final_amount
            from dwd.dwd_trade_order_detail
            where dt = '2024-03-01'
            group by province_id, order_id, user_id
        ) a
        join dim.dim_province p on a.province_id = p.province_id
        group by a.province_id, p.province_name
    ) x
    where x.order_count > 0
) y;
