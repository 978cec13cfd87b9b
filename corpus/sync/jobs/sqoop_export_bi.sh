#!/bin/bash
# City sales back out to the BI database.
sqoop export \
  --connect jdbc:postgresql://pg-bi:5432/bi \
  --table city_sales \
  --columns "city,amount" \
  --export-dir /user/hive/warehouse/ads.db/ads_city_sales \
  --input-fields-terminated-by '\001'
