-- DWS layer: daily and to-date summaries.
create database if not exists dws;

create table if not exists dws.dws_trade_user_order_1d (
    user_id                   bigint,
    order_count_1d            bigint,
    order_num_1d              bigint,
    order_original_amount_1d  decimal(16, 2),
    activity_reduce_amount_1d decimal(16, 2),
    coupon_reduce_amount_1d   decimal(16, 2),
    order_total_amount_1d     decimal(16, 2)
) comment '交易域用户粒度订单最近1日汇总表'
partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_trade_user_sku_order_1d (
    user_id               bigint,
    sku_id                bigint,
    sku_name              string,
    category3_id          bigint,
    tm_id                 bigint,
    order_count_1d        bigint,
    order_num_1d          bigint,
    order_total_amount_1d decimal(16, 2)
) partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_trade_province_order_1d (
    province_id           string,
    province_name         string,
    area_code             string,
    order_count_1d        bigint,
    order_total_amount_1d decimal(16, 2)
) partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_trade_user_order_td (
    user_id                bigint,
    order_date_first       string,
    order_date_last        string,
    order_count_td         bigint,
    order_num_td           bigint,
    total_amount_td        decimal(16, 2)
) partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_user_last_order (
    user_id         bigint,
    order_id        bigint,
    province_id     string,
    last_order_time string,
    last_amount     decimal(16, 2)
) comment '用户最近一笔订单'
partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_traffic_page_visitor_page_view_1d (
    mid_id         string,
    brand          string,
    model          string,
    os             string,
    page_id        string,
    during_time_1d bigint,
    view_count_1d  bigint
) partitioned by (dt string)
stored as orc;

create table if not exists dws.dws_user_action_count_1d (
    user_id      string,
    action_id    string,
    action_count bigint
) partitioned by (dt string)
stored as orc;
