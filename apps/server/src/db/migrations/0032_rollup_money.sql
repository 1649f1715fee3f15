ALTER TABLE "device_daily" ADD COLUMN "card_bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_daily" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_daily" ADD COLUMN "sale_vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_monthly" ADD COLUMN "card_bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_monthly" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_monthly" ADD COLUMN "sale_vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_daily" ADD COLUMN "card_bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_daily" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_daily" ADD COLUMN "sale_vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_monthly" ADD COLUMN "card_bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_monthly" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_monthly" ADD COLUMN "sale_vat_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The rollups' card split and VAT, from the stored events and the card ledger (docs/rules.md, "Revenue
-- and VAT"): card plays paid from the bonus leave the revenue (card_cents) for card_bonus_cents; each
-- payment's VAT as its bill rounds it. Run again by the demo after it splits its cards' spends anew
-- (modules/telemetry/rollup-money.ts reads the statements from here).
with money as (
  select e.device_id, (e.at at time zone 'Europe/Zagreb')::date as day, coalesce(e.location_id, 0) as location_key,
    sum(case when e.type = 'card' then e.amount_cents - coalesce(b.bonus, 0) else 0 end) as card,
    sum(case when e.type = 'card' then coalesce(b.bonus, 0) else 0 end) as bonus,
    sum(case when c.in_vat_system and e.type in ('coin', 'note', 'cashless') then e.amount_cents - round(e.amount_cents * 0.8) else 0 end) as vat,
    sum(case when not c.in_vat_system then 0
      when e.type = 'token' then e.amount_cents - round(e.amount_cents * 0.8)
      when e.type = 'card' then (e.amount_cents - coalesce(b.bonus, 0)) - round((e.amount_cents - coalesce(b.bonus, 0)) * 0.8)
      else 0 end) as sale_vat
  from telemetry_events e
  join companies c on c.id = e.company_id
  left join lateral (select -t.bonus_cents as bonus from card_transactions t
    where e.type = 'card' and t.kind = 'spend' and t.logger_id = e.logger_id and t.seq = e.seq) b on true
  where e.device_id is not null and not e.test and e.type in ('coin', 'note', 'cashless', 'card', 'token')
  group by 1, 2, 3)
update device_daily d set card_cents = m.card, card_bonus_cents = m.bonus, vat_cents = m.vat, sale_vat_cents = m.sale_vat
from money m where d.device_id = m.device_id and d.day = m.day and d.location_key = m.location_key;
--> statement-breakpoint
update device_monthly m set card_cents = s.card, card_bonus_cents = s.bonus, vat_cents = s.vat, sale_vat_cents = s.sale_vat
from (select device_id, date_trunc('month', day)::date as month, location_key, sum(card_cents) as card, sum(card_bonus_cents) as bonus,
    sum(vat_cents) as vat, sum(sale_vat_cents) as sale_vat
  from device_daily group by 1, 2, 3) s
where m.device_id = s.device_id and m.month = s.month and m.location_key = s.location_key;
--> statement-breakpoint
update location_daily l set card_cents = s.card, card_bonus_cents = s.bonus, vat_cents = s.vat, sale_vat_cents = s.sale_vat
from (select company_id, day, location_key, sum(card_cents) as card, sum(card_bonus_cents) as bonus, sum(vat_cents) as vat,
    sum(sale_vat_cents) as sale_vat
  from device_daily group by 1, 2, 3) s
where l.company_id = s.company_id and l.day = s.day and l.location_key = s.location_key;
--> statement-breakpoint
update location_monthly l set card_cents = s.card, card_bonus_cents = s.bonus, vat_cents = s.vat, sale_vat_cents = s.sale_vat
from (select company_id, month, location_key, sum(card_cents) as card, sum(card_bonus_cents) as bonus, sum(vat_cents) as vat,
    sum(sale_vat_cents) as sale_vat
  from device_monthly group by 1, 2, 3) s
where l.company_id = s.company_id and l.month = s.month and l.location_key = s.location_key;
