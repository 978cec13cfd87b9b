-- 流量域动作: one row per action of a page view (the actions array exploded).
insert overwrite table dwd.dwd_traffic_action_inc partition (dt = '${etl_date}')
select get_json_object(line, '$.common.mid') as mid_id,
       get_json_object(line, '$.common.uid') as user_id,
       get_json_object(line, '$.page.page_id') as page_id,
       a.action_id,
       a.item as action_item,
       from_unixtime(cast(a.ts as bigint) div 1000) as action_time
from ods.ods_log
lateral view explode(split(regexp_replace(regexp_extract(get_json_object(line, '$.actions'), '^\\[(.+)\\]$', 1), '\\}, *\\{', '\\}\\|\\|\\{'), '\\|\\|')) t as action
lateral view json_tuple(action, 'action_id', 'item', 'ts') a as action_id, item, ts
where dt = '${etl_date}'
  and get_json_object(line, '$.actions') is not null;
