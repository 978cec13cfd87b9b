-- Variables from the command line (--hivevar / --hiveconf) and from SET.
set hivevar:src_db=ods;
set hivevar:target_table=dws.dws_trade_user_1d;
set day_before=2024-02-29;
set hive.merge.mapfiles=true;

insert overwrite table ${hivevar:target_table} partition (dt = '${hiveconf:etl_date}')
select o.user_id,
       count(distinct o.order_id) as order_count,
       sum(d.sku_num * d.sku_price) as order_amount,
       sum(d.sku_num) as sku_num
from ${hivevar:src_db}.order_info o
join ${src_db}.order_detail d
  on o.order_id = d.order_id
where o.dt = '${hiveconf:etl_date}'
  and d.dt = '${hiveconf:etl_date}'
group by o.user_id;

-- Yesterday's figures for comparison.
select user_id, order_amount
from ${hivevar:target_table}
where dt = '${hiveconf:day_before}';
