-- Multi-level GMV cube: province x shop level, with subtotals.
create table if not exists ads.ads_gmv_cube (
    province_name string,
    shop_level    string,
    level_id      int,
    gmv           decimal(16,2),
    orders        bigint
) partitioned by (dt string);

insert overwrite table ads.ads_gmv_cube partition (dt = '2024-03-01')
select p.name,
       s.shop_level,
       grouping__id,
       sum(o.total_amount),
       count(1)
from ods.order_info o
join ods.base_province p on o.province_id = p.id
join ods.shop_info s on o.shop_id = s.shop_id and s.dt = '2024-03-01'
where o.dt = '2024-03-01'
group by p.name, s.shop_level
grouping sets ((p.name, s.shop_level), (p.name), ());

select payment_type, substr(callback_time, 1, 10) as pay_date, sum(amount) as amount
from ods.payment_info
where dt = '2024-03-01'
group by payment_type, substr(callback_time, 1, 10) with rollup;

select gender, city_id, count(*) as users
from ods.user_info
where dt = '2024-03-01'
group by cube (gender, city_id);
