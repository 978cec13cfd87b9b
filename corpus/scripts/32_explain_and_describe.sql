-- Inspection statements read nothing for lineage.
explain
select province_id, sum(total_amount)
from ods.order_info
where dt = '2024-03-01'
group by province_id;

describe formatted ods.order_info;

show partitions ods.order_info;

show create table dws.dws_trade_user_1d;
