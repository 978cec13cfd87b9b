-- Data-quality checks run before the province dimension is published (results go to the DQ dashboard).
-- A province code must be unique.
select p.area_code, count(*) as cnt
from ods.ods_base_province p
group by p.area_code
having count(*) > 1;

-- Every province must belong to a known region.
select p.id, p.region_id
from ods.ods_base_province p
left join ods.ods_base_region r on p.region_id = r.id
where r.region_name is null;
