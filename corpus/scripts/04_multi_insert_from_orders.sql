-- One scan of the orders, two targets (Hive multi-insert).
FROM (
    SELECT o.order_id, o.user_id, o.shop_id, o.total_amount, o.province_id, s.shop_name,
           p.name AS province_name
    FROM ods.order_info o
    LEFT JOIN ods.shop_info s ON o.shop_id = s.shop_id AND s.dt = '2024-03-01'
    LEFT JOIN ods.base_province p ON o.province_id = p.id
    WHERE o.dt = '2024-03-01'
) src
INSERT OVERWRITE TABLE dws.dws_trade_shop_1d PARTITION (dt = '2024-03-01')
SELECT shop_id, shop_name, count(order_id), sum(total_amount)
GROUP BY shop_id, shop_name
INSERT OVERWRITE TABLE dws.dws_trade_province_1d PARTITION (dt = '2024-03-01')
SELECT province_id, province_name, count(order_id), sum(total_amount), count(DISTINCT user_id)
GROUP BY province_id, province_name;
