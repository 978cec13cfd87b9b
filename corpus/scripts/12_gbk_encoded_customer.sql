-- 目标表
create table if not exists dws.dws_customer_level (
    cust_id       bigint comment '客户编号',
    cust_name     string comment '客户名称',
    level_name    string comment '会员等级',
    province_name string comment '省份'
) comment '客户等级日表'
partitioned by (dt string);

-- 客户维度日更新（文件以 GBK 编码保存）
-- 负责人：数据仓库组
set hive.exec.dynamic.partition.mode=nonstrict;

-- 会员等级映射
insert overwrite table dws.dws_customer_level partition (dt = '2024-03-01')
select c.cust_id                                   as cust_id,
       c.cust_name                                 as cust_name,
       case c.level_code
           when 'G' then '金卡'
           when 'S' then '银卡'
           else '普通'
       end                                         as level_name,
       regexp_extract(c.address, '^(.*?省)', 1)    as province_name
from ods.crm_customer c
where c.dt = '2024-03-01'
  and c.cust_name <> '测试用户';

-- 按等级统计客户数
select level_name as `等级`, count(*) as `客户数`
from dws.dws_customer_level
where dt = '2024-03-01'
group by level_name;
