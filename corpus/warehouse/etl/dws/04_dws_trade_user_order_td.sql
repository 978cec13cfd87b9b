-- 用户粒度订单历史至今汇总: yesterday's to-date row merged with today's 1-day row.
insert overwrite table dws.dws_trade_user_order_td partition (dt = '${etl_date}')
select nvl(old.user_id, new.user_id) as user_id,
       if(old.user_id is null, '${etl_date}', old.order_date_first) as order_date_first,
       if(new.user_id is not null, '${etl_date}', old.order_date_last) as order_date_last,
       nvl(old.order_count_td, 0) + nvl(new.order_count_1d, 0) as order_count_td,
       nvl(old.order_num_td, 0) + nvl(new.order_num_1d, 0) as order_num_td,
       nvl(old.total_amount_td, 0) + nvl(new.order_total_amount_1d, 0) as total_amount_td
from (
    select user_id, order_date_first, order_date_last, order_count_td, order_num_td, total_amount_td
    from dws.dws_trade_user_order_td
    where dt = date_add('${etl_date}', -1)
) old
full outer join (
    select user_id, order_count_1d, order_num_1d, order_total_amount_1d
    from dws.dws_trade_user_order_1d
    where dt = '${etl_date}'
) new on old.user_id = new.user_id;
