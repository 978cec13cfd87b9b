-- Maps, structs, arrays and JSON strings.
select user_id,
       properties['page_id']                         as page_from_map,
       properties['referrer']                        as referrer,
       device.os                                     as os,
       device.model                                  as model,
       split(item_ids, ',')[0]                       as first_item,
       size(split(item_ids, ','))                    as item_count,
       get_json_object(ext_json, '$.campaign.id')    as campaign_id,
       named_struct('os', device.os, 'ver', device.app_version) as client,
       map('event', event_name, 'page', page_id)    as tags,
       array(page_id, event_name)                    as path
from ods.app_event_log
where dt = '2024-03-01' and hr = '10';
