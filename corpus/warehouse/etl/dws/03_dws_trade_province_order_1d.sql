-- 省份粒度下单汇总
insert overwrite table dws.dws_trade_province_order_1d partition (dt = '${etl_date}')
select o.province_id,
       p.province_name,
       p.area_code,
       o.order_count_1d,
       o.order_total_amount_1d
from (
    select province_id,
           count(distinct order_id) as order_count_1d,
           sum(split_total_amount)  as order_total_amount_1d
    from dwd.dwd_trade_order_detail_inc
    where dt = '${etl_date}'
    group by province_id
) o
left join (
    select id, province_name, area_code
    from dwd.dim_province_full
    where dt = '${etl_date}'
) p on o.province_id = p.id;
