-- With quoted identifiers off, a backquoted select item is a column regex.
set hive.support.quoted.identifiers=none;

insert overwrite table dwd.dwd_trade_order_detail_copy
select `(dt)?+.+`
from dwd.dwd_trade_order_detail
where dt = '2024-03-01';

set hive.support.quoted.identifiers=column;

select `detail_id`, `sku_id`
from dwd.dwd_trade_order_detail
where dt = '2024-03-01';
