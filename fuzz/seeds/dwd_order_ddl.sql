-- 订单明细表：每日分区，ORC + SNAPPY
# owner: dw-team (Oozie hive2 action)
set hive.exec.dynamic.partition=true;
set hive.exec.dynamic.partition.mode=nonstrict;
set hive.support.sql11.reserved.keywords=false;
CREATE DATABASE IF NOT EXISTS ${hivevar:dw_db} COMMENT '数仓明细层' LOCATION '${hiveconf:warehouse_root}/dwd';
CREATE EXTERNAL TABLE IF NOT EXISTS ${hivevar:dw_db}.dwd_order_detail (
  order_id        BIGINT         COMMENT '订单编号',
  user            STRING         COMMENT '下单用户',
  `date`          STRING         COMMENT '下单日期（yyyy-MM-dd）',
  sku_id          BIGINT         COMMENT '商品SKU',
  sku_num         INT            COMMENT '购买件数',
  original_amount DECIMAL(16, 2) COMMENT '原始金额',
  split_amount    DECIMAL(16, 2) COMMENT '分摊金额',
  tags            ARRAY<STRING>  COMMENT '标签',
  attrs           MAP<STRING, STRING> COMMENT '扩展属性',
  addr            STRUCT<province:STRING COMMENT '省', city:STRING COMMENT '市'> COMMENT '收货地址',
  create_time     TIMESTAMP      COMMENT '创建时间'
) COMMENT '订单明细事实表'
PARTITIONED BY (dt STRING COMMENT '分区日期', hr STRING)
CLUSTERED BY (order_id) SORTED BY (order_id ASC, create_time DESC) INTO 64 BUCKETS
SKEWED BY (sku_id) ON ((1001), (1002)) STORED AS DIRECTORIES
ROW FORMAT SERDE 'org.apache.hadoop.hive.ql.io.orc.OrcSerde' WITH SERDEPROPERTIES ('serialization.format' = '1')
STORED AS INPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcInputFormat'
  OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat'
LOCATION '${hiveconf:warehouse_root}/dwd/dwd_order_detail'
TBLPROPERTIES ('orc.compress' = 'SNAPPY', 'comment' = '${etl_owner}', 'transient_lastDdlTime' = '1700000000');
CREATE TABLE IF NOT EXISTS ods.ods_log_inc (
  line STRING COMMENT '原始日志行'
) PARTITIONED BY (dt STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '\t' ESCAPED BY '\\' COLLECTION ITEMS TERMINATED BY ','
  MAP KEYS TERMINATED BY ':' LINES TERMINATED BY '\n' NULL DEFINED AS ''
STORED AS TEXTFILE LOCATION '/warehouse/ods/ods_log_inc';
CREATE TABLE tmp.order_like LIKE ${hivevar:dw_db}.dwd_order_detail STORED AS PARQUET;
CREATE TABLE tmp.order_snapshot STORED AS ORC TBLPROPERTIES ('orc.compress' = 'ZLIB') AS
SELECT order_id, user, `date`, split_amount FROM ${hivevar:dw_db}.dwd_order_detail WHERE dt = '${hiveconf:etl_date}';
CREATE VIEW IF NOT EXISTS ads.v_order_daily (dt COMMENT '日期', gmv COMMENT '成交额') COMMENT '每日GMV'
TBLPROPERTIES ('creator' = 'etl') AS
SELECT dt, SUM(split_amount) FROM ${hivevar:dw_db}.dwd_order_detail GROUP BY dt;
