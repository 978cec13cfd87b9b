-- 报表脚本：调度平台模板渲染后，夹杂了 shell 与提示符
hive -e "select count(1) from ads.ads_report" > /tmp/cnt.txt
hdfs dfs -rm -r -f /warehouse/ads/ads_report/dt=${etl_date}
hive> show partitions ads.ads_report;
<#if env == 'prod'>
set hive.merge.mapfiles=true;
</#if>
INSERT OVERWRITE TABLE ads.ads_report PARTITION (dt = '${etl_date}')
SELECT {placeholder_dim}, COUNT(*) AS cnt FROM dws.dws_user_daily GROUP BY 1
INSERT INTO TABLE ads.ads_report_log SELECT '${etl_date}', current_timestamp, user FROM dws.dws_user_daily LIMIT 1;
SELECT date, timestamp, user FROM dws.dws_user_daily WHERE start > 0;
ALTER TABLE ads.ads_report ADD IF NOT EXISTS PARTITION (dt = '${etl_date}') LOCATION '/warehouse/ads/ads_report/dt=${etl_date}';
INSERT OVERWRITE TABLE ads.ads_msg SELECT concat('未结束的引号, user) FROM dws.dws_user_daily;
INSERT OVERWRITE TABLE ads.ads_after_quote SELECT user FROM dws.dws_user_daily;
