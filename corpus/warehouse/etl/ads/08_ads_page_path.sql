-- 页面跳转路径: how often visitors go from one page to the next, within a session.
insert overwrite table ads.ads_page_path
select '${etl_date}' as dt, source, target, count(*) as path_count
from (
    select concat('step-', rn, ':', page_id) as source,
           concat('step-', rn + 1, ':', next_page_id) as target
    from (
        select page_id,
               lead(page_id, 1, null) over (partition by mid_id order by view_time) as next_page_id,
               row_number() over (partition by mid_id order by view_time) as rn
        from dwd.dwd_traffic_page_view_inc
        where dt = '${etl_date}'
    ) t1
) t2
where target is not null
group by source, target;
