CREATE TABLE "critical_episodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "critical_episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"code" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"logger_id" integer NOT NULL,
	"device_id" integer,
	"type" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_daily" (
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_key" integer NOT NULL,
	"location_id" integer,
	"day" date NOT NULL,
	"coins_cents" bigint DEFAULT 0 NOT NULL,
	"notes_cents" bigint DEFAULT 0 NOT NULL,
	"cashless_cents" bigint DEFAULT 0 NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"tokens_cents" bigint DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"test_plays" integer DEFAULT 0 NOT NULL,
	"test_cents" bigint DEFAULT 0 NOT NULL,
	"free_rides" integer DEFAULT 0 NOT NULL,
	"resets" integer DEFAULT 0 NOT NULL,
	"prizes_out" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_daily_device_id_day_location_key_pk" PRIMARY KEY("device_id","day","location_key")
);
--> statement-breakpoint
CREATE TABLE "device_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"last_event_at" timestamp with time zone,
	"service_mode" boolean DEFAULT false NOT NULL,
	"service_since" timestamp with time zone,
	"critical" boolean DEFAULT false NOT NULL,
	"critical_code" text,
	"critical_since" timestamp with time zone,
	"box_cents" bigint DEFAULT 0 NOT NULL,
	"box_tokens" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"last_emptied_at" timestamp with time zone,
	"signal" integer,
	"firmware" text
);
--> statement-breakpoint
CREATE TABLE "emptyings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emptyings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_id" integer,
	"at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone,
	"counted_cents" bigint NOT NULL,
	"counted_tokens" integer NOT NULL,
	"device_coins_cents" bigint,
	"device_tokens" integer,
	"event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "service_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"plays" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemetry_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
);
--> statement-breakpoint
ALTER TABLE "critical_episodes" ADD CONSTRAINT "critical_episodes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_episodes" ADD CONSTRAINT "critical_episodes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_logger_id_loggers_id_fk" FOREIGN KEY ("logger_id") REFERENCES "public"."loggers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily" ADD CONSTRAINT "device_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily" ADD CONSTRAINT "device_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily" ADD CONSTRAINT "device_daily_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state" ADD CONSTRAINT "device_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state" ADD CONSTRAINT "device_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emptyings" ADD CONSTRAINT "emptyings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emptyings" ADD CONSTRAINT "emptyings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emptyings" ADD CONSTRAINT "emptyings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_events" ADD CONSTRAINT "telemetry_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_events" ADD CONSTRAINT "telemetry_events_logger_id_loggers_id_fk" FOREIGN KEY ("logger_id") REFERENCES "public"."loggers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_events" ADD CONSTRAINT "telemetry_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_events" ADD CONSTRAINT "telemetry_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "critical_episodes_device_idx" ON "critical_episodes" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "device_commands_pending_idx" ON "device_commands" USING btree ("logger_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "device_daily_company_day_idx" ON "device_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "device_daily_location_day_idx" ON "device_daily" USING btree ("location_key","day");--> statement-breakpoint
CREATE INDEX "emptyings_device_idx" ON "emptyings" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "service_sessions_device_idx" ON "service_sessions" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_events_logger_seq_key" ON "telemetry_events" USING btree ("logger_id","seq");--> statement-breakpoint
CREATE INDEX "telemetry_events_device_at_idx" ON "telemetry_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "telemetry_events_company_at_idx" ON "telemetry_events" USING btree ("company_id","at");