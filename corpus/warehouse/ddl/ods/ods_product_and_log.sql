-- ODS layer: product catalogue and the raw app log.
-- Note: ods.ods_user_info and ods.ods_base_province are synchronised by DataX
-- from MySQL; their DDL lives in the sync jobs, not in this repository.

create external table if not exists ods.ods_sku_info (
    id           bigint,
    spu_id       bigint,
    price        decimal(16, 2),
    sku_name     string,
    sku_desc     string,
    weight       decimal(16, 2),
    tm_id        bigint,
    category3_id bigint,
    create_time  string
) comment 'SKU商品表'
partitioned by (dt string)
row format delimited fields terminated by '\t'
location '/warehouse/ods/ods_sku_info/';

-- One JSON document per line: {"common": {...}, "page": {...}, "actions": [...], "ts": ...}
create external table if not exists ods.ods_log (
    line string comment '原始日志 JSON'
) comment '用户行为日志'
partitioned by (dt string)
stored as textfile
location '/warehouse/ods/ods_log/';
