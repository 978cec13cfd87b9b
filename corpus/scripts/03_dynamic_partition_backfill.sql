-- Backfill a month of payment facts with dynamic partitions.
set hive.exec.dynamic.partition=true;
set hive.exec.dynamic.partition.mode=nonstrict;
set hive.exec.max.dynamic.partitions=2000;

insert overwrite table dwd.dwd_trade_pay_detail partition (dt)
select p.payment_id,
       p.order_id,
       p.user_id,
       p.payment_type,
       p.amount                               as pay_amount,
       p.callback_time                        as pay_time,
       date_format(p.callback_time, 'yyyy-MM-dd') as dt
from ods.payment_info p
where p.dt between '2024-02-01' and '2024-02-29'
  and p.callback_time is not null;
