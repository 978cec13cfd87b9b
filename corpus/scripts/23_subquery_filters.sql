-- Filters with subqueries: tables read only in WHERE are inputs too.
insert overwrite table dws.dws_trade_user_1d partition (dt = '2024-03-01')
select o.user_id, count(*), sum(o.total_amount), 0
from ods.order_info o
where o.dt = '2024-03-01'
  and o.user_id in (select user_id from ods.user_info where dt = '2024-03-01' and status = 1)
  and not exists (select 1 from ods.refund_info r where r.order_id = o.order_id and r.dt = '2024-03-01')
group by o.user_id;

select u.user_id, u.user_name
from ods.user_info u
where u.dt = '2024-03-01'
  and exists (select 1 from ods.coupon_use c where c.user_id = u.user_id and c.dt = '2024-03-01')
  and u.city_id not in (select id from ods.base_province where region_id = 7);
