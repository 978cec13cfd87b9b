-- Databases whose names start with digits (allowed by Hive).
use 3rd_party;

insert overwrite table dws.dws_ad_cost_1d partition (dt = '2024-03-01')
select c.campaign_id,
       m.campaign_name,
       m.advertiser,
       count(c.click_id)       as clicks,
       count(distinct c.user_id) as users,
       sum(c.cost)             as cost
from ad_click c
join 3rd_party.campaign m on c.campaign_id = m.campaign_id
where c.dt = '2024-03-01'
group by c.campaign_id, m.campaign_name, m.advertiser;

-- Archived orders of last year compared with this year's.
select a.user_id,
       sum(a.total_amount) as archived_amount,
       sum(o.total_amount) as current_amount
from `2024_archive`.order_snapshot a
left join ods.order_info o on a.order_id = o.order_id and o.dt = '2024-03-01'
where a.dt = '2024-12-31'
group by a.user_id;
