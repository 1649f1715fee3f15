CREATE TABLE "machine_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"machine_serial" text,
	"board_serial" text,
	"machine_model" text,
	"currency" text,
	"counters" jsonb NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audited_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by_id" integer,
	"logger_id" integer
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "machine_serial" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "board_serial" text;--> statement-breakpoint
ALTER TABLE "machine_audits" ADD CONSTRAINT "machine_audits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_audits" ADD CONSTRAINT "machine_audits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_audits" ADD CONSTRAINT "machine_audits_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_audits" ADD CONSTRAINT "machine_audits_logger_id_loggers_id_fk" FOREIGN KEY ("logger_id") REFERENCES "public"."loggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_audits_company_hash_key" ON "machine_audits" USING btree ("company_id","content_hash");--> statement-breakpoint
CREATE INDEX "machine_audits_device_at_idx" ON "machine_audits" USING btree ("device_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "machine_audits_company_at_idx" ON "machine_audits" USING btree ("company_id","audited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_machine_serial_key" ON "devices" USING btree ("company_id","machine_serial") WHERE machine_serial is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_board_serial_key" ON "devices" USING btree ("company_id","board_serial") WHERE board_serial is not null;