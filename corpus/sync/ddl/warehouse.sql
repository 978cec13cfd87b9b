-- The Hive tables of the sync corpus: ODS filled by the jobs in jobs/,
-- ADS drained to the report systems by them.
CREATE TABLE IF NOT EXISTS ods.ods_crm_customer (
  id BIGINT,
  name STRING,
  phone STRING,
  city STRING
) PARTITIONED BY (dt STRING);

CREATE TABLE IF NOT EXISTS ods.ods_shop_order (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(12,2)
);

CREATE TABLE IF NOT EXISTS ods.ods_crm_order (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(12,2)
) PARTITIONED BY (dt STRING);

-- Outside the warehouse folder: a job's path finds it by its LOCATION.
CREATE EXTERNAL TABLE IF NOT EXISTS ods.ods_fin_refund (
  refund_id BIGINT,
  order_id BIGINT,
  amount DECIMAL(12,2)
) PARTITIONED BY (dt STRING)
STORED AS TEXTFILE
LOCATION 'hdfs://nameservice1/data/ods/fin_refund';

CREATE TABLE IF NOT EXISTS ods.ods_app_event (
  user_id BIGINT,
  event_type STRING,
  event_time STRING
);

CREATE TABLE IF NOT EXISTS dwd.dwd_customer (
  id BIGINT,
  name STRING,
  phone STRING,
  city STRING
) PARTITIONED BY (dt STRING);

CREATE TABLE IF NOT EXISTS ads.ads_customer_contact (
  city STRING,
  phone STRING,
  order_amount DECIMAL(14,2)
);

CREATE TABLE IF NOT EXISTS ads.ads_city_sales (
  city STRING,
  amount DECIMAL(14,2)
);
