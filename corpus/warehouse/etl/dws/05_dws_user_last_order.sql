-- 用户最近一笔订单: keep each user's latest order line (row_number dedup).
insert overwrite table dws.dws_user_last_order partition (dt = '${etl_date}')
select user_id, order_id, province_id, create_time as last_order_time, split_total_amount as last_amount
from (
    select user_id, order_id, province_id, create_time, split_total_amount,
           row_number() over (partition by user_id order by create_time desc, order_id desc) as rn
    from dwd.dwd_trade_order_detail_inc
    where dt = '${etl_date}'
) t
where rn = 1;
