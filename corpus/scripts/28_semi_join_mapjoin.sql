-- Left semi join and a map-join hint on a small dimension.
select /*+ MAPJOIN(p) */
       o.order_id,
       o.total_amount,
       p.name as province_name
from ods.order_info o
join ods.base_province p on o.province_id = p.id
left semi join ods.payment_info pay on o.order_id = pay.order_id and pay.dt = '2024-03-01'
where o.dt = '2024-03-01';

select u.user_id, u.mobile
from ods.user_info u
left anti join ods.order_info o on u.user_id = o.user_id and o.dt = '2024-03-01'
where u.dt = '2024-03-01';
