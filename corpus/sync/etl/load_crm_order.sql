-- The orders DataX staged in HDFS (jobs/datax_crm_order_to_staging.json),
-- moved into ODS: the path links this statement to the job that wrote it.
LOAD DATA INPATH 'hdfs://nameservice1/staging/crm/orders/dt=${etl_date}'
OVERWRITE INTO TABLE ods.ods_crm_order PARTITION (dt = '${etl_date}');
