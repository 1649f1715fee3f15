CREATE TABLE "bill_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL,
	"late" boolean NOT NULL,
	"environment" text NOT NULL,
	"request_xml" text NOT NULL,
	"answer_xml" text,
	"outcome" text,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "bill_counters" (
	"company_id" integer NOT NULL,
	"premises" text NOT NULL,
	"isu" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "bill_counters_company_id_premises_isu_year_pk" PRIMARY KEY("company_id","premises","isu","year")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_id" integer,
	"location_id" integer,
	"logger_id" integer,
	"seq" bigint,
	"issued_at" timestamp with time zone NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"premises" text NOT NULL,
	"isu" text NOT NULL,
	"total_cents" integer NOT NULL,
	"in_vat_system" boolean NOT NULL,
	"vat_rate" numeric(5, 2),
	"vat_base_cents" integer,
	"vat_cents" integer,
	"payment" text NOT NULL,
	"oib" text NOT NULL,
	"operator_oib" text NOT NULL,
	"zki" text NOT NULL,
	"certificate_id" integer NOT NULL,
	"jir" text,
	"fiscalized_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"storno_of_id" integer,
	"note" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_storno_sign" CHECK (("bills"."kind" = 'storno') = ("bills"."total_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "fiscal_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"oib" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"environment" text DEFAULT 'simulated' NOT NULL,
	"ca_bundle" text,
	"cis_certificate_pem" text,
	"signature_algorithm" text DEFAULT 'rsa-sha1' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "bill_attempts" ADD CONSTRAINT "bill_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attempts" ADD CONSTRAINT "bill_attempts_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_counters" ADD CONSTRAINT "bill_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_certificate_id_fiscal_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."fiscal_certificates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_storno_of_id_bills_id_fk" FOREIGN KEY ("storno_of_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_certificates" ADD CONSTRAINT "fiscal_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_certificates" ADD CONSTRAINT "fiscal_certificates_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_attempts_bill_idx" ON "bill_attempts" USING btree ("bill_id","at");--> statement-breakpoint
CREATE INDEX "bill_attempts_company_at_idx" ON "bill_attempts" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "bill_attempts_at_idx" ON "bill_attempts" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "bill_attempts_error_idx" ON "bill_attempts" USING btree ("error_code","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("company_id","premises","isu","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_payment_key" ON "bills" USING btree ("logger_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_storno_key" ON "bills" USING btree ("storno_of_id");--> statement-breakpoint
CREATE INDEX "bills_company_issued_idx" ON "bills" USING btree ("company_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "bills_issued_idx" ON "bills" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "bills_device_idx" ON "bills" USING btree ("device_id","issued_at");--> statement-breakpoint
CREATE INDEX "bills_due_idx" ON "bills" USING btree ("next_attempt_at") WHERE "bills"."jir" is null;--> statement-breakpoint
CREATE INDEX "bills_jir_idx" ON "bills" USING btree ("jir");--> statement-breakpoint
CREATE INDEX "bills_zki_idx" ON "bills" USING btree ("zki");--> statement-breakpoint
CREATE INDEX "fiscal_certificates_company_idx" ON "fiscal_certificates" USING btree ("company_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_certificates_active_key" ON "fiscal_certificates" USING btree ("company_id") WHERE "fiscal_certificates"."active";