-- Hive: reads the Delta table the Spark script wrote.
CREATE TABLE IF NOT EXISTS ads.city_report (
  city STRING,
  customers BIGINT,
  revenue DECIMAL(22,2)
) STORED AS ORC;

INSERT OVERWRITE TABLE ads.city_report
SELECT city, count(DISTINCT customer_id) AS customers, sum(spent) AS revenue
FROM dws.customer_value
GROUP BY city;
