#!/bin/bash
# Orders from the shop database into ODS.
SHOP_URL="jdbc:mysql://10.0.0.6:3306/shop"
sqoop import \
  --connect "$SHOP_URL" \
  --username etl --password-file /user/etl/.pw \
  --query "SELECT o.id AS order_id, o.customer_id, o.total_amount AS amount FROM orders o WHERE o.status = 'paid' AND \$CONDITIONS" \
  --split-by o.id \
  --target-dir /tmp/sqoop/shop_orders \
  --hive-import --hive-table ods.ods_shop_order \
  -m 4
