-- A Spark SQL job: USING tables, a CTE, hints, backquoted names, typed literals.
CREATE TABLE IF NOT EXISTS dws.user_daily (user_id BIGINT, amount DECIMAL(18,2), dt STRING)
USING parquet PARTITIONED BY (dt) OPTIONS ('compression' = 'snappy');
CREATE OR REPLACE TEMPORARY VIEW paid AS
SELECT /*+ BROADCAST(u) */ o.user_id, o.amount, u.city FROM ods.orders o JOIN dim.users u ON o.user_id == u.id
WHERE o.status <> 'cancelled' AND o.ts >= TIMESTAMP '2024-03-01 00:00:00';
WITH t AS (SELECT user_id, sum(amount) AS amount FROM paid GROUP BY user_id)
INSERT OVERWRITE TABLE dws.user_daily PARTITION (dt = '2024-03-01')
SELECT user_id, amount FROM t WHERE amount DIV 2 > 07;
INSERT INTO dws.user_daily SELECT id, CAST(X'0A' AS STRING), IF(a > 0, 'y', 'n') FROM VALUES (1, 2) AS v(id, a);
SELECT explode(array(1, 2)) AS x, INTERVAL 1 DAY, `weird col`, struct(a, b).a FROM `db`.`t` LATERAL VIEW OUTER explode(m) e AS k, v;
