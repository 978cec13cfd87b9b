-- Finance's discounts per user and day.
insert overwrite table fin.fin_user_discount_1d partition (dt = '${etl_date}')
select user_id,
       sum(split_coupon_amount + split_activity_amount) as discount
from dwd.dwd_trade_order_detail_inc
where dt = '${etl_date}'
group by user_id;
