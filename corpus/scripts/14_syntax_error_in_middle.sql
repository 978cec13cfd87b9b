-- A broken statement in the middle must not hide the ones around it.
insert overwrite table dws.dws_traffic_page_1d partition (dt = '2024-03-01')
select page_id, count(*) as pv, count(distinct device_id) as uv
from dwd.dwd_page_view
where dt = '2024-03-01'
group by page_id;

-- Missing select list and a dangling comma: a syntax error.
insert overwrite table ads.ads_order_stats
select '2024-03-01', 1, count(order_id), , sum(total_amount)
from ods.order_info
where dt = '2024-03-01';

select page_id, pv
from dws.dws_traffic_page_1d
where dt = '2024-03-01' and uv > 100;
