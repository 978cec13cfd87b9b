-- Upsert customers into a transactional table with MERGE.
create table if not exists dwd.dwd_customer_acid (
    cust_id     bigint,
    cust_name   string,
    level_code  string,
    phone       string,
    update_time string
)
clustered by (cust_id) into 8 buckets
stored as orc
tblproperties ('transactional' = 'true');

merge into dwd.dwd_customer_acid as t
using (
    select cust_id, cust_name, level_code, phone, update_time
    from ods.crm_customer
    where dt = '2024-03-01'
) as s
on t.cust_id = s.cust_id
when matched and s.level_code = 'X' then delete
when matched then update set cust_name = s.cust_name, level_code = s.level_code,
                             phone = s.phone, update_time = s.update_time
when not matched then insert values (s.cust_id, s.cust_name, s.level_code, s.phone, s.update_time);
