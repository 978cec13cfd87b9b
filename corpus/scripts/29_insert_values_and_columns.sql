-- Insert with an explicit column list, and literal rows.
create table if not exists dim.dim_payment_type (
    type_code string,
    type_name string,
    is_online boolean
);

insert into dim.dim_payment_type values
    ('alipay', 'Alipay', true),
    ('wechat', 'WeChat Pay', true),
    ('cash', 'Cash on delivery', false);

insert into table ads.ads_order_stats (dt, order_count, order_amount, recent_days)
select '2024-03-01', count(*), sum(total_amount), 1
from ods.order_info
where dt = '2024-03-01';
