-- 行为日志: Flume 落盘后装载到 ODS
load data inpath '/origin_data/log/topic_log/${etl_date}' into table ods.ods_log partition (dt = '${etl_date}');
