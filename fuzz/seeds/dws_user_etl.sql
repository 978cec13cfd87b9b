#!/bin/bash style header pasted by mistake
-- 用户日汇总：从明细层聚合
set mapreduce.job.queuename=${hiveconf:queue};
set hive.exec.parallel=true;
use ${hivevar:dw_db};
WITH paid AS (
  SELECT user, `date`, order_id, split_amount, regexp(attrs['channel'], '^app') AS is_app
  FROM (dwd.dwd_order_detail) d
  WHERE d.dt = '${hiveconf:etl_date}' AND d.attrs['status'] RLIKE '^(paid|done)$'
), refunds AS (
  SELECT order_id, SUM(refund_amount) AS refund_amount
  FROM dwd.dwd_refund_detail
  WHERE dt BETWEEN date_sub('${hiveconf:etl_date}', 7) AND '${hiveconf:etl_date}'
  GROUP BY order_id
)
INSERT OVERWRITE TABLE dws.dws_user_daily PARTITION (dt = '${hiveconf:etl_date}')
SELECT p.user,
       COUNT(DISTINCT p.order_id)                                  AS order_cnt,
       SUM(p.split_amount) - COALESCE(SUM(r.refund_amount), 0)     AS net_amount,
       MAX(CASE WHEN p.is_app THEN 1 ELSE 0 END)                   AS used_app,
       ROW_NUMBER() OVER (PARTITION BY p.`date` ORDER BY SUM(p.split_amount) DESC) AS rk
FROM paid p
LEFT JOIN refunds r ON p.order_id = r.order_id
GROUP BY p.user, p.`date`;

FROM dwd.dwd_order_detail o
INSERT OVERWRITE TABLE dws.dws_sku_daily PARTITION (dt)
  SELECT o.sku_id, SUM(o.sku_num), o.dt WHERE o.dt = '${hiveconf:etl_date}' GROUP BY o.sku_id, o.dt
INSERT OVERWRITE DIRECTORY '/tmp/export/${hiveconf:etl_date}/sku'
  ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' STORED AS TEXTFILE
  SELECT o.sku_id, o.addr.province WHERE o.dt = '${hiveconf:etl_date}';

INSERT OVERWRITE LOCAL DIRECTORY '/data/export/user'
ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.OpenCSVSerde'
WITH SERDEPROPERTIES ('separatorChar' = ',', 'quoteChar' = '"', 'escapeChar' = '\\')
STORED AS TEXTFILE
SELECT user, t.tag FROM dws.dws_user_daily LATERAL VIEW explode(split(tags, ',')) t AS tag
WHERE dt = '${hiveconf:etl_date}';
