-- dialect: spark
-- A notebook, Spark by its first line. Its temporary view has the name of
-- the one in spark/02_customer_value.sql and is another view: it reads the
-- report Hive wrote, at a version, not the cleaned orders.
CREATE TEMPORARY VIEW recent AS
SELECT city, revenue, current_date() AS snapshot_date
FROM ads.city_report VERSION AS OF 12;

CREATE TABLE IF NOT EXISTS ads.city_history (
  snapshot_date DATE,
  city STRING,
  revenue DECIMAL(22,2)
) USING delta;

INSERT INTO ads.city_history BY NAME
SELECT revenue, city, snapshot_date FROM recent;

DELETE FROM ads.city_history h WHERE h.snapshot_date < date_sub(current_date(), 365);
