-- Loads the day's trade files landed by the sync job into the ODS partitions.
-- Run as: hive --hivevar etl_date=2024-03-01 -f 01_load_ods_trade.sql
load data inpath '/origin_data/db/order_info/${etl_date}' overwrite into table ods.ods_order_info partition (dt = '${etl_date}');
load data inpath '/origin_data/db/order_detail/${etl_date}' overwrite into table ods.ods_order_detail partition (dt = '${etl_date}');
load data inpath '/origin_data/db/payment_info/${etl_date}' overwrite into table ods.ods_payment_info partition (dt = '${etl_date}');
load data inpath '/origin_data/db/coupon_use/${etl_date}' overwrite into table ods.ods_coupon_use partition (dt = '${etl_date}');
load data inpath '/origin_data/db/sku_info/${etl_date}' overwrite into table ods.ods_sku_info partition (dt = '${etl_date}');
