-- 从聊天工具里粘贴出来的脚本：逗号、括号和分号是全角的
select user_id， user_name， city_id
from ods.user_info
where dt = '2024-03-01' and status = 1;

select （total_amount - coupon_amount） as net_amount， order_id
from ods.order_info
where dt = '2024-03-01';

insert overwrite table dwd.dwd_page_view partition (dt = '2024-03-01')
select user_id， device_id， page_id，
       from_unixtime(event_time div 1000)， device.os， device.app_version
from ods.app_event_log
where dt = '2024-03-01'　and event_name = 'page_view';
