-- The two tables this corpus writes. The ods tables they read are declared
-- nowhere: their columns are known only from the scripts' use of them.
CREATE TABLE IF NOT EXISTS dw.order_region (
  order_id   BIGINT,
  amount     DECIMAL(16, 2),
  iso_code   STRING
);

CREATE TABLE IF NOT EXISTS ads.region_sales (
  iso_code     STRING,
  total_amount DECIMAL(16, 2)
);
