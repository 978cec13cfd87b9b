#!/bin/sh
DB=crm
: ${DT:=2024-01-01}
sqoop export --connect jdbc:sqlserver://bi:1433;databaseName=${DB} --table report_phone \
  --columns "id,phone" --export-dir /user/hive/warehouse/ods.db/ods_crm_customer/dt=$DT \
  --input-fields-terminated-by '\001'
sqoop import --connect 'jdbc:oracle:thin:@//ora:1521/svc' --table HR.EMP --hive-import \
  --hive-database ods --hive-table emp --columns EMPNO,ENAME
sqoop import-all-tables --connect jdbc:mysql://x/y   # not read
