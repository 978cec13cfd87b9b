#!/bin/bash
# Refunds from the finance PostgreSQL into the folder ods.ods_fin_refund
# declares as its LOCATION (ddl/warehouse.sql), and reasons into a scratch
# folder no table holds.
sqoop import \
  --connect jdbc:postgresql://pg-fin:5432/finance \
  --query "SELECT r.\"refund_id\", r.order_id, r.amount::numeric(12,2) AS amount FROM refund r WHERE r.\"state\" = 'done' AND \$CONDITIONS" \
  --split-by r.refund_id \
  --target-dir hdfs://nameservice1/data/ods/fin_refund/dt=${etl_date}

sqoop import \
  --connect jdbc:postgresql://pg-fin:5432/finance \
  --table refund_reason \
  --columns "id,reason" \
  --target-dir /tmp/scratch/refund_reason
