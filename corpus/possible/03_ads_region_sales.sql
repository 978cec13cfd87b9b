-- Certain from here on: dw.order_region is declared.
INSERT OVERWRITE TABLE ads.region_sales
SELECT iso_code,
       sum(amount) AS total_amount
FROM dw.order_region
GROUP BY iso_code;
