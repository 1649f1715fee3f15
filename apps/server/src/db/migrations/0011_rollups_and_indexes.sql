CREATE TABLE "device_monthly" (
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_key" integer NOT NULL,
	"location_id" integer,
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
	CONSTRAINT "device_monthly_device_id_month_location_key_pk" PRIMARY KEY("device_id","month","location_key")
);
--> statement-breakpoint
ALTER TABLE "device_monthly" ADD CONSTRAINT "device_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_monthly" ADD CONSTRAINT "device_monthly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_monthly" ADD CONSTRAINT "device_monthly_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_monthly_company_month_idx" ON "device_monthly" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "device_monthly_month_idx" ON "device_monthly" USING btree ("month");--> statement-breakpoint
CREATE INDEX "device_monthly_location_month_idx" ON "device_monthly" USING btree ("location_key","month");--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "critical_episodes_started_idx" ON "critical_episodes" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "deposits_at_idx" ON "deposits" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "device_daily_day_idx" ON "device_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "emptyings_at_idx" ON "emptyings" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "service_sessions_started_idx" ON "service_sessions" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "telemetry_events_at_idx" ON "telemetry_events" USING btree ("at","id");--> statement-breakpoint
-- The months of the rollup kept so far (decision 0015); ingestion keeps them current from here on.
INSERT INTO "device_monthly" ("company_id", "device_id", "location_key", "location_id", "month", "coins_cents", "notes_cents",
  "cashless_cents", "card_cents", "tokens", "tokens_cents", "plays", "test_plays", "test_cents", "free_rides", "resets", "prizes_out", "events")
SELECT max("company_id"), "device_id", "location_key", max("location_id"), date_trunc('month', "day")::date, sum("coins_cents"), sum("notes_cents"),
  sum("cashless_cents"), sum("card_cents"), sum("tokens"), sum("tokens_cents"), sum("plays"), sum("test_plays"), sum("test_cents"),
  sum("free_rides"), sum("resets"), sum("prizes_out"), sum("events")
FROM "device_daily" GROUP BY "device_id", "location_key", date_trunc('month', "day");--> statement-breakpoint
ANALYZE "device_monthly";
