-- 各省份交易统计
insert into table ads.ads_order_by_province
select dt, province_id, province_name, area_code, order_count_1d, order_total_amount_1d
from dws.dws_trade_province_order_1d
where dt = '${etl_date}';
