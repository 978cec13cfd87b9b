-- Per-user interest profile: collect sets, concatenate, build maps.
create table if not exists dws.dws_user_interest (
    user_id      bigint,
    categories   string,
    brands       array<string>,
    sku_counts   map<string,string>
) partitioned by (dt string);

insert overwrite table dws.dws_user_interest partition (dt = '2024-03-01')
select d.user_id,
       concat_ws(',', collect_set(k.category1_name)),
       collect_list(k.tm_name),
       str_to_map(concat_ws(',', collect_list(concat(cast(d.sku_id as string), ':', cast(d.sku_num as string)))))
from dwd.dwd_trade_order_detail d
join dim.dim_sku k on d.sku_id = k.sku_id and k.dt = '2024-03-01'
where d.dt = '2024-03-01'
group by d.user_id;
