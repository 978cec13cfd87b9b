-- Reporting views on top of the dws layer.
create view if not exists ads.v_province_gmv comment 'GMV by province and region' as
select p.province_id, p.province_name, r.region_name, t.order_amount, t.dt
from dws.dws_trade_province_1d t
join dim.dim_province p on t.province_id = p.province_id
join dim.dim_province r on p.province_id = r.province_id;

create or replace view ads.v_region_gmv (region_name, gmv, dt) as
select region_name, sum(order_amount), dt
from ads.v_province_gmv
group by region_name, dt;

-- Reading through two views ends at the base tables.
select region_name, gmv
from ads.v_region_gmv
where dt = '2024-03-01'
order by gmv desc
limit 10;

drop view if exists ads.v_region_gmv_old;
