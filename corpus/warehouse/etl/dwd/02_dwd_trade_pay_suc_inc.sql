-- 交易域支付成功: successful payments with the order's province.
insert overwrite table dwd.dwd_trade_pay_suc_inc partition (dt = '${etl_date}')
select pi.order_id,
       pi.user_id,
       oi.province_id,
       pi.payment_type,
       pi.total_amount as payment_amount,
       pi.callback_time
from ods.ods_payment_info pi
join ods.ods_order_info oi on pi.order_id = oi.id
where pi.dt = '${etl_date}'
  and oi.dt = '${etl_date}'
  and pi.payment_status = '1602';
