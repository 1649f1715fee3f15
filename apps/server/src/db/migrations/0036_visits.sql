CREATE TABLE "visit_stops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_stops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"visit_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_id" integer,
	"position" integer NOT NULL,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"expected_cents" integer DEFAULT 0 NOT NULL,
	"fill_percent" integer,
	"full_on" date,
	"status" text DEFAULT 'to_do' NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_id" integer,
	"emptying_id" integer,
	"deposit_id" integer,
	"note" text,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"worker_id" integer,
	"start_lat" double precision,
	"start_lng" double precision,
	"distance_metres" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "visit_fill_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "visit_full_within_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "depot_latitude" double precision;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "depot_longitude" double precision;--> statement-breakpoint
ALTER TABLE "emptyings" ADD COLUMN "recorded_by_id" integer;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_emptying_id_emptyings_id_fk" FOREIGN KEY ("emptying_id") REFERENCES "public"."emptyings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_stops" ADD CONSTRAINT "visit_stops_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_stops_visit_idx" ON "visit_stops" USING btree ("visit_id","position");--> statement-breakpoint
CREATE INDEX "visit_stops_device_idx" ON "visit_stops" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_stops_idempotency_key" ON "visit_stops" USING btree ("visit_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "visits_company_day_idx" ON "visits" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "visits_worker_day_idx" ON "visits" USING btree ("worker_id","day");--> statement-breakpoint
ALTER TABLE "emptyings" ADD CONSTRAINT "emptyings_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_depot_check" CHECK (("companies"."depot_latitude" is null) = ("companies"."depot_longitude" is null));