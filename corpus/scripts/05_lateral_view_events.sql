-- Flatten the app event log: one row per item id, plus JSON fields.
create table if not exists dwd.dwd_item_exposure (
    user_id    bigint,
    device_id  string,
    item_pos   int,
    item_id    string,
    campaign   string,
    os         string,
    event_time string
)
partitioned by (dt string)
stored as orc;

insert overwrite table dwd.dwd_item_exposure partition (dt = '2024-03-01')
select e.user_id,
       e.device_id,
       t.pos,
       t.item_id,
       j.campaign,
       e.device.os,
       from_unixtime(e.event_time div 1000, 'yyyy-MM-dd HH:mm:ss')
from ods.app_event_log e
lateral view posexplode(split(e.item_ids, ',')) t as pos, item_id
lateral view outer json_tuple(e.ext_json, 'campaign', 'source') j as campaign, source
where e.dt = '2024-03-01'
  and e.event_name = 'exposure';

-- Map keys as rows.
select e.user_id, kv.k, kv.v
from ods.app_event_log e
lateral view explode(e.properties) kv as k, v
where e.dt = '2024-03-01' and e.hr = '08';
