-- Unqualified names follow the last USE.
use ods;

create table if not exists stage_shop_daily as
select shop_id, shop_name, dt from shop_info where dt = '2024-03-01';

use dws;

insert overwrite table dws_trade_shop_1d partition (dt = '2024-03-01')
select s.shop_id, s.shop_name, count(o.order_id), sum(o.total_amount)
from ods.stage_shop_daily s
join ods.order_info o on s.shop_id = o.shop_id and o.dt = '2024-03-01'
group by s.shop_id, s.shop_name;

use default;
