-- Shuffle control clauses: they change the plan, not the lineage.
insert overwrite table dwd.dwd_page_view partition (dt = '2024-03-01')
select user_id, device_id, page_id,
       from_unixtime(event_time div 1000) as view_time,
       device.os, device.app_version
from ods.app_event_log
where dt = '2024-03-01' and event_name = 'page_view'
distribute by device_id sort by device_id, event_time;

select user_id, page_id, view_time
from dwd.dwd_page_view
where dt = '2024-03-01'
cluster by user_id;
