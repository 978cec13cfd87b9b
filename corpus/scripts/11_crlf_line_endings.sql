-- Saved on Windows: every line ends with CR LF.
use dwd;

insert overwrite table dwd_user_register partition (dt = '2024-03-01')
select u.user_id,
       to_date(u.register_time) as register_date,
       u.city_id,
       'organic' as channel
from ods.user_info u
where u.dt = '2024-03-01'
  and to_date(u.register_time) = '2024-03-01';

select channel, count(*) as users
from dwd_user_register
where dt = '2024-03-01'
group by channel;
