-- 客服联系名单: customers with their latest order, for the service team.
-- (Reads the raw ODS user table directly: the dimension masks the phone number.)
insert overwrite table ads.ads_user_contact
select u.id,
       u.name,
       u.phone_num,
       u.email,
       l.last_order_time
from ods.ods_user_info u
join (
    select d.*
    from dws.dws_user_last_order d
    where d.dt = '${etl_date}'
) l on u.id = l.user_id
where u.dt = '${etl_date}';
