-- DWD layer: cleaned facts and dimensions (ORC, snappy).
create database if not exists dwd;

create external table if not exists dwd.dwd_trade_order_detail_inc (
    id                    bigint,
    order_id              bigint,
    user_id               bigint,
    sku_id                bigint,
    province_id           string,
    date_id               string,
    create_time           string,
    sku_num               bigint,
    split_original_amount decimal(16, 2),
    split_activity_amount decimal(16, 2),
    split_coupon_amount   decimal(16, 2),
    split_total_amount    decimal(16, 2)
) comment '交易域下单明细事务事实表'
partitioned by (dt string)
stored as orc
location '/warehouse/dwd/dwd_trade_order_detail_inc/'
tblproperties ('orc.compress' = 'snappy');

create external table if not exists dwd.dwd_trade_pay_suc_inc (
    order_id       bigint,
    user_id        bigint,
    province_id    string,
    payment_type   string,
    payment_amount decimal(16, 2),
    callback_time  string
) comment '交易域支付成功事务事实表'
partitioned by (dt string)
stored as orc
location '/warehouse/dwd/dwd_trade_pay_suc_inc/';

create external table if not exists dwd.dwd_traffic_page_view_inc (
    mid_id       string,
    user_id      string,
    province_id  string,
    brand        string,
    model        string,
    os           string,
    channel      string,
    is_new       string,
    page_id      string,
    last_page_id string,
    page_item    string,
    during_time  bigint,
    view_time    string
) comment '流量域页面浏览事务事实表'
partitioned by (dt string)
stored as orc
location '/warehouse/dwd/dwd_traffic_page_view_inc/';

create external table if not exists dwd.dwd_traffic_action_inc (
    mid_id      string,
    user_id     string,
    page_id     string,
    action_id   string,
    action_item string,
    action_time string
) comment '流量域动作事务事实表'
partitioned by (dt string)
stored as orc;

create external table if not exists dwd.dim_user_zip (
    id           bigint,
    login_name   string,
    nick_name    string,
    name         string comment '脱敏姓名',
    phone_num    string comment '脱敏手机号',
    email        string comment '邮箱摘要',
    user_level   string,
    birthday     string,
    gender       string,
    create_time  string,
    operate_time string,
    start_date   string,
    end_date     string
) comment '用户维度拉链表'
partitioned by (dt string)
stored as orc;

create external table if not exists dwd.dim_sku_full (
    id            bigint,
    price         decimal(16, 2),
    sku_name      string,
    weight        decimal(16, 2),
    tm_id         bigint,
    category3_id  bigint,
    create_time   string
) comment '商品维度表'
partitioned by (dt string)
stored as orc;

create external table if not exists dwd.dim_province_full (
    id            string,
    province_name string,
    area_code     string,
    iso_code      string,
    region_id     string
) comment '地区维度表'
partitioned by (dt string)
stored as orc;
