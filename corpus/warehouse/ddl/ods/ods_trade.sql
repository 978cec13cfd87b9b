-- ODS layer: trade tables, landed daily from the order database (one partition per day).
-- 交易域原始表: 每日全量/增量同步, 按 dt 分区
create database if not exists ods;

create external table if not exists ods.ods_order_info (
    id                     bigint         comment '订单id',
    user_id                bigint         comment '用户id',
    province_id            string         comment '省份id',
    order_status           string         comment '订单状态',
    total_amount           decimal(16, 2) comment '实付金额',
    activity_reduce_amount decimal(16, 2) comment '活动减免金额',
    coupon_reduce_amount   decimal(16, 2) comment '优惠券减免金额',
    original_total_amount  decimal(16, 2) comment '原价金额',
    create_time            string         comment '创建时间',
    operate_time           string         comment '操作时间',
    expire_time            string         comment '失效时间'
) comment '订单表'
partitioned by (dt string)
row format delimited fields terminated by '\t'
null defined as ''
location '/warehouse/ods/ods_order_info/';

create external table if not exists ods.ods_order_detail (
    id                    bigint         comment '编号',
    order_id              bigint         comment '订单号',
    sku_id                bigint         comment 'sku_id',
    sku_name              string         comment 'sku名称',
    order_price           decimal(16, 2) comment '购买价格',
    sku_num               bigint         comment '购买个数',
    create_time           string         comment '创建时间',
    split_total_amount    decimal(16, 2) comment '分摊实付金额',
    split_activity_amount decimal(16, 2) comment '分摊活动减免',
    split_coupon_amount   decimal(16, 2) comment '分摊优惠券减免'
) comment '订单明细表'
partitioned by (dt string)
row format delimited fields terminated by '\t'
null defined as ''
location '/warehouse/ods/ods_order_detail/';

create external table if not exists ods.ods_payment_info (
    id             bigint,
    out_trade_no   string,
    order_id       bigint,
    user_id        bigint,
    payment_type   string,
    trade_no       string,
    total_amount   decimal(16, 2),
    subject        string,
    payment_status string,
    create_time    string,
    callback_time  string
) comment '支付表'
partitioned by (dt string)
row format delimited fields terminated by '\t'
location '/warehouse/ods/ods_payment_info/';

create external table if not exists ods.ods_coupon_use (
    id            bigint,
    coupon_id     bigint,
    user_id       bigint,
    order_id      bigint,
    coupon_status string,
    get_time      string,
    using_time    string,
    used_time     string
) comment '优惠券领用表'
partitioned by (dt string)
row format delimited fields terminated by '\t'
location '/warehouse/ods/ods_coupon_use/';
