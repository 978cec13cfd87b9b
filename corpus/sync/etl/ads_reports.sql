INSERT OVERWRITE TABLE ads.ads_customer_contact
SELECT c.city, c.phone, SUM(o.amount) AS order_amount
FROM dwd.dwd_customer c
JOIN ods.ods_shop_order o ON o.customer_id = c.id
WHERE c.dt = '${etl_date}'
GROUP BY c.city, c.phone;

INSERT OVERWRITE TABLE ads.ads_city_sales
SELECT city, SUM(order_amount) AS amount
FROM ads.ads_customer_contact
GROUP BY city;
