-- 流量域页面浏览: one row per page view, fields pulled out of the raw JSON log.
insert overwrite table dwd.dwd_traffic_page_view_inc partition (dt = '${etl_date}')
select get_json_object(line, '$.common.mid')        as mid_id,
       get_json_object(line, '$.common.uid')        as user_id,
       get_json_object(line, '$.common.ar')         as province_id,
       get_json_object(line, '$.common.ba')         as brand,
       get_json_object(line, '$.common.md')         as model,
       get_json_object(line, '$.common.os')         as os,
       get_json_object(line, '$.common.ch')         as channel,
       get_json_object(line, '$.common.is_new')     as is_new,
       get_json_object(line, '$.page.page_id')      as page_id,
       get_json_object(line, '$.page.last_page_id') as last_page_id,
       get_json_object(line, '$.page.item')         as page_item,
       cast(get_json_object(line, '$.page.during_time') as bigint) as during_time,
       from_unixtime(cast(get_json_object(line, '$.ts') as bigint) div 1000, 'yyyy-MM-dd HH:mm:ss') as view_time
from ods.ods_log
where dt = '${etl_date}'
  and get_json_object(line, '$.page') is not null;
