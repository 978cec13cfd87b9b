-- Staging through temporary tables: they only live for this session.
create temporary table tmp_paid_orders as
select o.order_id, o.user_id, o.total_amount, p.payment_type, p.callback_time
from ods.order_info o
join ods.payment_info p on o.order_id = p.order_id and p.dt = '2024-03-01'
where o.dt = '2024-03-01';

create temporary table tmp_refunds stored as orc as
select order_id, sum(refund_amount) as refund_amount
from ods.refund_info
where dt = '2024-03-01'
group by order_id;

create table if not exists dws.dws_trade_net_1d (
    user_id      bigint,
    paid_amount  decimal(16,2),
    refund_amount decimal(16,2),
    net_amount   decimal(16,2)
) partitioned by (dt string) stored as parquet;

insert overwrite table dws.dws_trade_net_1d partition (dt = '2024-03-01')
select t.user_id,
       sum(t.total_amount),
       sum(coalesce(r.refund_amount, 0)),
       sum(t.total_amount - coalesce(r.refund_amount, 0))
from tmp_paid_orders t
left join tmp_refunds r on t.order_id = r.order_id
group by t.user_id;
