-- A streaming Python script turns raw CRM rows into cleaned rows.
add file hdfs:///user/etl/scripts/clean_phone.py;

insert overwrite table dwd.dwd_customer_clean
select transform (cust_id, phone, address)
       using 'python3 clean_phone.py'
       as (cust_id bigint, phone_norm string, city string)
from ods.crm_customer
where dt = '2024-03-01';
