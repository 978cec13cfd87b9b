-- `iso_code` is written bare in a join of two tables of unknown schema:
-- either could hold it, neither is known to. It is reported as possible,
-- never as a certain source.
INSERT OVERWRITE TABLE dw.order_region
SELECT o.order_id,
       o.amount,
       iso_code
FROM ods.orders o
JOIN ods.regions r ON o.region_id = r.region_id;
