-- Exports for downstream systems: HDFS and local directories.
insert overwrite directory '/export/finance/pay/2024-03-01'
row format delimited fields terminated by '\t'
stored as textfile
select payment_id, order_id, amount, payment_type
from ods.payment_info
where dt = '2024-03-01';

insert overwrite local directory '/tmp/report/province'
row format delimited fields terminated by ','
select province_name, order_count, order_amount
from dws.dws_trade_province_1d
where dt = '2024-03-01';
