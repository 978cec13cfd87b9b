-- Views the BI tool reads.
create view if not exists ads.v_top_users as
select user_id, user_level, order_amount, amount_rank
from ads.ads_user_value
where amount_rank <= 100;
