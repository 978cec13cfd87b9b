-- 地区维度: provinces with their region. Both ODS tables come from DataX (no DDL in the repository).
insert overwrite table dwd.dim_province_full partition (dt = '${etl_date}')
select p.id,
       p.name as province_name,
       area_code,
       iso_code,
       region_id
from ods.ods_base_province p
join ods.ods_base_region r on p.region_id = r.id;
