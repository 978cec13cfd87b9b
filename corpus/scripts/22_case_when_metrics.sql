-- Conditional metrics per shop.
select s.shop_id,
       s.shop_name,
       sum(case when o.order_status = 'paid' then o.total_amount else 0 end)   as paid_amount,
       sum(if(o.order_status = 'refunded', 1, 0))                              as refund_orders,
       count(case when o.coupon_amount > 0 then o.order_id end)                as coupon_orders,
       coalesce(max(o.finish_time), 'never')                                   as last_finish,
       round(avg(nvl(o.freight_amount, 0)), 2)                                 as avg_freight,
       case
           when sum(o.total_amount) >= 100000 then 'A'
           when sum(o.total_amount) >= 10000 then 'B'
           else 'C'
       end                                                                     as shop_grade
from ods.shop_info s
left join ods.order_info o on s.shop_id = o.shop_id and o.dt = '2024-03-01'
where s.dt = '2024-03-01'
group by s.shop_id, s.shop_name
having count(o.order_id) > 0;
