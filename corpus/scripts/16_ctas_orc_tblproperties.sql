-- Build a wide snapshot table with CTAS, ORC and table properties.
drop table if exists dws.dws_sku_snapshot;

create table dws.dws_sku_snapshot
stored as orc
tblproperties ('orc.compress' = 'SNAPPY', 'owner' = 'dw_team')
as
select s.sku_id,
       s.sku_name,
       s.price,
       tm.tm_name,
       c3.name as category3_name,
       c2.name as category2_name,
       c1.name as category1_name,
       s.is_sale = 1 as on_sale
from ods.sku_info s
left join ods.base_trademark tm on s.tm_id = tm.tm_id
left join ods.base_category3 c3 on s.category3_id = c3.id
left join ods.base_category2 c2 on c3.category2_id = c2.id
left join ods.base_category1 c1 on c2.category1_id = c1.id
where s.dt = '2024-03-01';

analyze table dws.dws_sku_snapshot compute statistics;
