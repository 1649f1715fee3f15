CREATE TABLE "telemetry_held_events" (
	"hold_id" integer NOT NULL,
	"logger_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"event" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemetry_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"logger_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"rule" text NOT NULL,
	"seq" bigint NOT NULL,
	"value_cents" bigint NOT NULL,
	"limit_cents" bigint NOT NULL,
	"events" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "telemetry_held_events" ADD CONSTRAINT "telemetry_held_events_hold_id_telemetry_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."telemetry_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_holds" ADD CONSTRAINT "telemetry_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_holds" ADD CONSTRAINT "telemetry_holds_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_holds" ADD CONSTRAINT "telemetry_holds_logger_id_loggers_id_fk" FOREIGN KEY ("logger_id") REFERENCES "public"."loggers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_holds" ADD CONSTRAINT "telemetry_holds_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_held_events_logger_seq_key" ON "telemetry_held_events" USING btree ("logger_id","seq");--> statement-breakpoint
CREATE INDEX "telemetry_held_events_hold_idx" ON "telemetry_held_events" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "telemetry_holds_held_idx" ON "telemetry_holds" USING btree ("device_id") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "telemetry_holds_company_idx" ON "telemetry_holds" USING btree ("company_id","received_at");