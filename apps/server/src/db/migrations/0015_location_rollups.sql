CREATE TABLE "location_daily" (
	"company_id" integer NOT NULL,
	"location_key" integer NOT NULL,
	"location_id" integer,
	"devices" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"coins_cents" bigint DEFAULT 0 NOT NULL,
	"notes_cents" bigint DEFAULT 0 NOT NULL,
	"cashless_cents" bigint DEFAULT 0 NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"tokens_cents" bigint DEFAULT 0 NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"test_plays" bigint DEFAULT 0 NOT NULL,
	"test_cents" bigint DEFAULT 0 NOT NULL,
	"free_rides" bigint DEFAULT 0 NOT NULL,
	"resets" bigint DEFAULT 0 NOT NULL,
	"prizes_out" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "location_daily_company_id_day_location_key_pk" PRIMARY KEY("company_id","day","location_key")
);
--> statement-breakpoint
CREATE TABLE "location_monthly" (
	"company_id" integer NOT NULL,
	"location_key" integer NOT NULL,
	"location_id" integer,
	"devices" integer DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	"coins_cents" bigint DEFAULT 0 NOT NULL,
	"notes_cents" bigint DEFAULT 0 NOT NULL,
	"cashless_cents" bigint DEFAULT 0 NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"tokens_cents" bigint DEFAULT 0 NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"test_plays" bigint DEFAULT 0 NOT NULL,
	"test_cents" bigint DEFAULT 0 NOT NULL,
	"free_rides" bigint DEFAULT 0 NOT NULL,
	"resets" bigint DEFAULT 0 NOT NULL,
	"prizes_out" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "location_monthly_company_id_month_location_key_pk" PRIMARY KEY("company_id","month","location_key")
);
--> statement-breakpoint
DROP INDEX "device_daily_company_day_idx";--> statement-breakpoint
DROP INDEX "device_monthly_company_month_idx";--> statement-breakpoint
ALTER TABLE "location_daily" ADD CONSTRAINT "location_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_daily" ADD CONSTRAINT "location_daily_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_monthly" ADD CONSTRAINT "location_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_monthly" ADD CONSTRAINT "location_monthly_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_daily_location_day_idx" ON "location_daily" USING btree ("location_key","day");--> statement-breakpoint
CREATE INDEX "location_daily_day_idx" ON "location_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "location_monthly_location_month_idx" ON "location_monthly" USING btree ("location_key","month");--> statement-breakpoint
CREATE INDEX "location_monthly_month_idx" ON "location_monthly" USING btree ("month");--> statement-breakpoint
CREATE INDEX "device_daily_company_day_device_idx" ON "device_daily" USING btree ("company_id","day","device_id");--> statement-breakpoint
CREATE INDEX "device_monthly_company_month_device_idx" ON "device_monthly" USING btree ("company_id","month","device_id");--> statement-breakpoint
-- The location rollups of the telemetry already ingested: the device rollups summed per location.
INSERT INTO "location_daily" ("company_id", "location_key", "location_id", "devices", "day", "coins_cents", "notes_cents", "cashless_cents", "card_cents", "tokens", "tokens_cents", "plays", "test_plays", "test_cents", "free_rides", "resets", "prizes_out", "events")
SELECT "company_id", "location_key", max("location_id"), count(*), "day", sum("coins_cents"), sum("notes_cents"), sum("cashless_cents"), sum("card_cents"), sum("tokens"), sum("tokens_cents"), sum("plays"), sum("test_plays"), sum("test_cents"), sum("free_rides"), sum("resets"), sum("prizes_out"), sum("events")
FROM "device_daily" GROUP BY "company_id", "location_key", "day";--> statement-breakpoint
INSERT INTO "location_monthly" ("company_id", "location_key", "location_id", "devices", "month", "coins_cents", "notes_cents", "cashless_cents", "card_cents", "tokens", "tokens_cents", "plays", "test_plays", "test_cents", "free_rides", "resets", "prizes_out", "events")
SELECT "company_id", "location_key", max("location_id"), count(*), "month", sum("coins_cents"), sum("notes_cents"), sum("cashless_cents"), sum("card_cents"), sum("tokens"), sum("tokens_cents"), sum("plays"), sum("test_plays"), sum("test_cents"), sum("free_rides"), sum("resets"), sum("prizes_out"), sum("events")
FROM "device_monthly" GROUP BY "company_id", "location_key", "month";--> statement-breakpoint
ANALYZE "location_daily";--> statement-breakpoint
ANALYZE "location_monthly";
