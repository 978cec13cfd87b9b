-- Partition housekeeping around a raw file load.
create external table if not exists ods.ods_bank_statement (
    txn_id      string,
    account_no  string,
    txn_amount  decimal(18,2),
    txn_time    string,
    memo        string
)
partitioned by (dt string)
row format delimited fields terminated by '|'
stored as textfile
location '/warehouse/ods/ods_bank_statement';

load data inpath '/landing/bank/2024-03-01/statement.txt'
overwrite into table ods.ods_bank_statement partition (dt = '2024-03-01');

alter table ods.ods_bank_statement add if not exists partition (dt = '2024-03-02')
location '/warehouse/ods/ods_bank_statement/dt=2024-03-02';

alter table ods.ods_bank_statement drop if exists partition (dt < '2023-03-01');

msck repair table ods.ods_bank_statement;

select account_no, sum(txn_amount) as total
from ods.ods_bank_statement
where dt = '2024-03-01'
group by account_no;
