CREATE TABLE "cities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_placements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"moved_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "lessors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"oib" text NOT NULL,
	"contract_start" date,
	"contract_end" date,
	"rental_type" text NOT NULL,
	"payment_insurance_cents" integer,
	"rental_percentage_bp" integer,
	"income_limit_cents" integer,
	"contract_rental_amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loggers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loggers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imei" text NOT NULL,
	"serial" text,
	"firmware" text,
	"sim_number" text,
	"credential_hash" text NOT NULL,
	"credential_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "group" text NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "logger_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "play_price_cents" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "token_value_cents" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "tag_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "premises_label" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "isu_number" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "fiscalize" text DEFAULT 'inherit' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "lessor_id" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "working_hours" jsonb DEFAULT '{"mon":null,"tue":null,"wed":null,"thu":null,"fri":null,"sat":null,"sun":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "responsible_worker_id" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "rental_type" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "contract_rental_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "income_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "rental_percentage_bp" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "fiscalization" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "payment_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "premises_label" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "tag_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_placements" ADD CONSTRAINT "device_placements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_placements" ADD CONSTRAINT "device_placements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_placements" ADD CONSTRAINT "device_placements_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_placements" ADD CONSTRAINT "device_placements_moved_by_id_users_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessors" ADD CONSTRAINT "lessors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loggers" ADD CONSTRAINT "loggers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_key" ON "cities" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "device_placements_device_idx" ON "device_placements" USING btree ("device_id","from_at");--> statement-breakpoint
CREATE INDEX "device_placements_location_idx" ON "device_placements" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "lessors_company_idx" ON "lessors" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loggers_imei_key" ON "loggers" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "loggers_credential_key" ON "loggers" USING btree ("credential_hash");--> statement-breakpoint
CREATE INDEX "loggers_company_idx" ON "loggers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_key" ON "tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_logger_id_loggers_id_fk" FOREIGN KEY ("logger_id") REFERENCES "public"."loggers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_lessor_id_lessors_id_fk" FOREIGN KEY ("lessor_id") REFERENCES "public"."lessors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_responsible_worker_id_users_id_fk" FOREIGN KEY ("responsible_worker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_logger_key" ON "devices" USING btree ("logger_id");--> statement-breakpoint
CREATE INDEX "devices_tags_idx" ON "devices" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "locations_lessor_idx" ON "locations" USING btree ("lessor_id");--> statement-breakpoint
CREATE INDEX "locations_tags_idx" ON "locations" USING gin ("tag_ids");