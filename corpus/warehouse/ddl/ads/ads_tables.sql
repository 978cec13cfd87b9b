-- ADS layer: report tables read by BI dashboards (widely readable).
create database if not exists ads;

create table if not exists ads.ads_gmv_daily (
    dt            string,
    order_count   bigint,
    order_user    bigint,
    gmv           decimal(16, 2),
    pay_amount    decimal(16, 2)
) comment '每日交易额'
row format delimited fields terminated by '\t'
location '/warehouse/ads/ads_gmv_daily/';

create table if not exists ads.ads_user_value (
    user_id      bigint,
    user_level   string,
    order_amount decimal(16, 2),
    clicks       bigint,
    amount_rank  bigint
) comment '用户价值排行';

create table if not exists ads.ads_sku_topn (
    dt            string,
    category3_id  bigint,
    sku_id        bigint,
    sku_name      string,
    order_amount  decimal(16, 2),
    rk            bigint
);

create table if not exists ads.ads_order_by_province (
    dt            string,
    province_id   string,
    province_name string,
    area_code     string,
    order_count   bigint,
    order_amount  decimal(16, 2)
);

create table if not exists ads.ads_user_contact (
    user_id   bigint,
    user_name string,
    phone     string,
    email     string,
    last_order_time string
) comment '客服联系名单 (给客服团队)';

create table if not exists ads.ads_user_retention (
    dt              string,
    create_date     string,
    retention_day   int,
    retention_count bigint,
    new_user_count  bigint,
    retention_rate  decimal(16, 2)
);

create table if not exists ads.ads_new_buyer_stats (
    dt              string,
    new_order_user_count bigint,
    new_payment_user_count bigint
);

create table if not exists ads.ads_page_path (
    dt     string,
    source string,
    target string,
    path_count bigint
);
