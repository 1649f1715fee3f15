CREATE TABLE "month_close_terms" (
	"close_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"lessor_id" integer,
	"rental_type" text,
	"amount_cents" integer,
	"percentage_bp" integer,
	"income_limit_cents" integer,
	"contract_start" date,
	"contract_end" date,
	CONSTRAINT "month_close_terms_close_id_location_id_pk" PRIMARY KEY("close_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "month_closes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "month_closes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by_id" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by_id" integer,
	"reopen_reason" text
);
--> statement-breakpoint
CREATE TABLE "rollup_adjustments" (
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_key" integer NOT NULL,
	"location_id" integer,
	"month" date NOT NULL,
	"of_month" date NOT NULL,
	"coins_cents" bigint DEFAULT 0 NOT NULL,
	"notes_cents" bigint DEFAULT 0 NOT NULL,
	"cashless_cents" bigint DEFAULT 0 NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"card_bonus_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"sale_vat_cents" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"tokens_cents" bigint DEFAULT 0 NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"test_plays" bigint DEFAULT 0 NOT NULL,
	"test_cents" bigint DEFAULT 0 NOT NULL,
	"free_rides" bigint DEFAULT 0 NOT NULL,
	"resets" bigint DEFAULT 0 NOT NULL,
	"prizes_out" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_adjustments_device_id_month_of_month_location_key_pk" PRIMARY KEY("device_id","month","of_month","location_key")
);
--> statement-breakpoint
ALTER TABLE "month_close_terms" ADD CONSTRAINT "month_close_terms_close_id_month_closes_id_fk" FOREIGN KEY ("close_id") REFERENCES "public"."month_closes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_terms" ADD CONSTRAINT "month_close_terms_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_terms" ADD CONSTRAINT "month_close_terms_lessor_id_lessors_id_fk" FOREIGN KEY ("lessor_id") REFERENCES "public"."lessors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_reopened_by_id_users_id_fk" FOREIGN KEY ("reopened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollup_adjustments" ADD CONSTRAINT "rollup_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollup_adjustments" ADD CONSTRAINT "rollup_adjustments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollup_adjustments" ADD CONSTRAINT "rollup_adjustments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_closes_closed_key" ON "month_closes" USING btree ("company_id","month") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "month_closes_company_month_idx" ON "month_closes" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "rollup_adjustments_company_month_idx" ON "rollup_adjustments" USING btree ("company_id","month");