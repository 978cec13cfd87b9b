-- Merge today's increments into the full order table and keep the newest row per order.
create table if not exists dwd.dwd_order_full (
    order_id     bigint,
    user_id      bigint,
    order_status string,
    total_amount decimal(16,2),
    create_time  string,
    update_source string
) partitioned by (dt string) stored as orc;

insert overwrite table dwd.dwd_order_full partition (dt = '2024-03-01')
select order_id, user_id, order_status, total_amount, create_time, update_source
from (
    select u.*,
           row_number() over (partition by order_id order by priority desc) as rn
    from (
        select order_id, user_id, order_status, total_amount, create_time,
               'history' as update_source, 0 as priority
        from dwd.dwd_order_full
        where dt = '2024-02-29'
        union all
        select order_id, user_id, order_status, total_amount, create_time,
               'increment' as update_source, 1 as priority
        from ods.order_info
        where dt = '2024-03-01'
    ) u
) t
where t.rn = 1;
