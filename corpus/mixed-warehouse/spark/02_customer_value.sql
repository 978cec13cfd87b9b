-- Spark (read as Spark through --dialect-map spark/*=spark): reads the
-- table Hive cleaned, writes a Delta table Hive reads next.
CREATE OR REPLACE TEMP VIEW recent AS
SELECT customer_id, sum(amount) AS spent, count(*) AS orders
FROM dwd.order_clean
WHERE dt >= '2024-01-01'
GROUP BY customer_id;

CREATE TABLE IF NOT EXISTS dws.customer_value (
  customer_id BIGINT,
  name STRING,
  city STRING,
  spent DECIMAL(22,2),
  orders BIGINT
) USING delta;

MERGE INTO dws.customer_value AS t
USING (
  SELECT r.customer_id, c.name, c.city, r.spent, r.orders
  FROM recent r JOIN ods.customers c ON r.customer_id = c.customer_id
) AS s
ON t.customer_id = s.customer_id
WHEN MATCHED THEN UPDATE SET *
WHEN NOT MATCHED THEN INSERT *
WHEN NOT MATCHED BY SOURCE THEN DELETE;
