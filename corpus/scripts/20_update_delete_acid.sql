-- Corrections on the transactional customer table.
update dwd.dwd_customer_acid
set level_code = 'G', update_time = current_timestamp()
where cust_id in (select cust_id from ods.crm_customer where dt = '2024-03-01' and level_code = 'VIP');

delete from dwd.dwd_customer_acid
where phone is null or phone = '';

update dwd.dwd_customer_acid set phone = regexp_replace(phone, '[^0-9]', '');
