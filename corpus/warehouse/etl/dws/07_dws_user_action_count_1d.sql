-- 用户动作次数: FROM-first form, as the older jobs of this team write it.
from dwd.dwd_traffic_action_inc
insert overwrite table dws.dws_user_action_count_1d partition (dt = '${etl_date}')
select user_id, action_id, count(*) as action_count
where dt = '${etl_date}' and user_id is not null
group by user_id, action_id;
