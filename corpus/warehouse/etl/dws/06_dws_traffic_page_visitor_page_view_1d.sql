-- 访客-页面粒度浏览汇总
insert overwrite table dws.dws_traffic_page_visitor_page_view_1d partition (dt = '${etl_date}')
select mid_id, brand, model, os, page_id,
       sum(during_time) as during_time_1d,
       count(*)         as view_count_1d
from dwd.dwd_traffic_page_view_inc
where dt = '${etl_date}'
group by mid_id, brand, model, os, page_id;
