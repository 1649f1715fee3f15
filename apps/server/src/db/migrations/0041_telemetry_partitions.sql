-- Raw telemetry in monthly partitions (decision 0059). Hand-written: drizzle cannot declare a
-- partitioned table; the snapshot describes the parent as the TypeScript schema does.
-- The table as it is becomes one partition, `telemetry_events_legacy`, holding everything before the
-- next month; its indexes stay as they are (renamed), the parent's are matched to them (no build).
ALTER TABLE "telemetry_events" RENAME TO "telemetry_events_legacy";--> statement-breakpoint
ALTER INDEX "telemetry_events_pkey" RENAME TO "telemetry_events_legacy_pkey";--> statement-breakpoint
ALTER INDEX "telemetry_events_logger_seq_key" RENAME TO "telemetry_events_legacy_logger_seq_key";--> statement-breakpoint
ALTER INDEX "telemetry_events_device_at_idx" RENAME TO "telemetry_events_legacy_device_at_idx";--> statement-breakpoint
ALTER INDEX "telemetry_events_company_at_idx" RENAME TO "telemetry_events_legacy_company_at_idx";--> statement-breakpoint
ALTER INDEX "telemetry_events_at_idx" RENAME TO "telemetry_events_legacy_at_idx";--> statement-breakpoint
ALTER SEQUENCE "telemetry_events_id_seq" RENAME TO "telemetry_events_legacy_id_seq";--> statement-breakpoint
-- A plain sequence, not an identity: PostgreSQL before 17 has no identity on a partitioned table.
-- It goes on from where the identity was.
CREATE SEQUENCE "telemetry_events_id_seq" AS bigint;--> statement-breakpoint
SELECT setval('"telemetry_events_id_seq"', s.last_value, s.is_called) FROM "telemetry_events_legacy_id_seq" s;--> statement-breakpoint
ALTER TABLE "telemetry_events_legacy" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigint DEFAULT nextval('"telemetry_events_id_seq"') NOT NULL,
	"company_id" integer NOT NULL,
	"logger_id" integer NOT NULL,
	"device_id" integer,
	"location_id" integer,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"data" jsonb
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER SEQUENCE "telemetry_events_id_seq" OWNED BY "telemetry_events"."id";--> statement-breakpoint
CREATE INDEX "telemetry_events_device_at_idx" ON "telemetry_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "telemetry_events_company_at_idx" ON "telemetry_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "telemetry_events_at_idx" ON "telemetry_events" USING btree ("at","id");--> statement-breakpoint
-- A month's partition: made apart, given what the default partition caught of its month, its own
-- unique `(logger, seq)` and `id` indexes (a partitioned table's unique index must hold the partition
-- key; ingestion keeps `(logger, seq)` unique across months under the logger's lock, decision 0059),
-- then attached (the parent is locked only `share update exclusive`: ingestion goes on meanwhile).
-- Answers whether it made one. Called by the partitions job (modules/telemetry/telemetry.partitions.ts).
CREATE FUNCTION "telemetry_events_add_month"("month" date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := 'telemetry_events_' || to_char("month", 'YYYY_MM');
  lower timestamptz := date_trunc('month', "month")::timestamp AT TIME ZONE 'UTC';
  upper timestamptz := (date_trunc('month', "month") + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE "telemetry_events" INCLUDING DEFAULTS)', part);
  EXECUTE format('WITH moved AS (DELETE FROM "telemetry_events_default" WHERE "at" >= %L AND "at" < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    lower, upper, part);
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I ("logger_id", "seq")', part || '_logger_seq_key', part);
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I ("id")', part || '_id_key', part);
  EXECUTE format('ALTER TABLE "telemetry_events" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lower, upper);
  RETURN true;
END
$$;--> statement-breakpoint
-- What falls in no month's partition (a month not made yet): kept, and moved to its month when it is made.
CREATE TABLE "telemetry_events_default" PARTITION OF "telemetry_events" DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_events_default_logger_seq_key" ON "telemetry_events_default" USING btree ("logger_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_events_default_id_key" ON "telemetry_events_default" USING btree ("id");--> statement-breakpoint
-- The old table holds everything before next month (UTC): attaching it reads it once, to check
-- that, with the table locked (the measured cost: decision 0059). Then this month's partitions ahead.
DO $$
DECLARE
  next date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month')::date;
BEGIN
  EXECUTE format('ALTER TABLE "telemetry_events" ATTACH PARTITION "telemetry_events_legacy" FOR VALUES FROM (MINVALUE) TO (%L)',
    next::timestamp AT TIME ZONE 'UTC');
  FOR i IN 0..2 LOOP
    PERFORM "telemetry_events_add_month"((next + make_interval(months => i))::date);
  END LOOP;
END
$$;
