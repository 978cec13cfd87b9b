-- 新增下单/支付用户数: first order and first payment dates staged in temporary tables.
create temporary table tmp_first_order as
select user_id, min(date_id) as first_order_date
from dwd.dwd_trade_order_detail_inc
group by user_id;

create temporary table tmp_first_pay as
select user_id, min(dt) as first_pay_date
from dwd.dwd_trade_pay_suc_inc
group by user_id;

insert overwrite table ads.ads_new_buyer_stats
select '${etl_date}' as dt,
       o.new_order_user_count,
       p.new_payment_user_count
from (
    select count(*) as new_order_user_count from tmp_first_order where first_order_date = '${etl_date}'
) o
cross join (
    select count(*) as new_payment_user_count from tmp_first_pay where first_pay_date = '${etl_date}'
) p;

drop table tmp_first_order;
drop table tmp_first_pay;
