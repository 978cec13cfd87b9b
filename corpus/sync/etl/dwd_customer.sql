INSERT OVERWRITE TABLE dwd.dwd_customer PARTITION (dt = '${etl_date}')
SELECT id, name, phone, city
FROM ods.ods_crm_customer
WHERE dt = '${etl_date}';
