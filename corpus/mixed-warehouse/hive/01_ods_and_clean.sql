-- Hive: the raw tables, and the cleaned orders Spark reads next.
CREATE TABLE IF NOT EXISTS ods.orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(12,2),
  status STRING,
  created_at TIMESTAMP
) PARTITIONED BY (dt STRING) STORED AS ORC;

CREATE TABLE IF NOT EXISTS ods.customers (
  customer_id BIGINT,
  name STRING,
  city STRING
) STORED AS ORC;

CREATE TABLE IF NOT EXISTS dwd.order_clean (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(12,2),
  order_date STRING
) PARTITIONED BY (dt STRING) STORED AS ORC;

INSERT OVERWRITE TABLE dwd.order_clean PARTITION (dt = '${etl_date}')
SELECT o.order_id, o.customer_id, o.amount, to_date(o.created_at) AS order_date
FROM ods.orders o
WHERE o.dt = '${etl_date}' AND o.status <> 'cancelled';
