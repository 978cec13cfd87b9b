-- Marketing's daily orders per user, written before the dws layer had them.
INSERT OVERWRITE TABLE mkt.mkt_user_order_1d PARTITION (dt = '${etl_date}')
SELECT d.user_id,
       COUNT(DISTINCT d.order_id)                           AS orders,
       SUM(d.split_total_amount)                            AS amount,
       SUM(d.split_activity_amount+d.split_coupon_amount)   AS discount_amount
FROM dwd.dwd_trade_order_detail_inc d
WHERE d.dt='${etl_date}'
GROUP BY d.user_id;
