CREATE TABLE "mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mails_status_check" CHECK ("mails"."status" in ('queued', 'sent', 'failed', 'held')),
	CONSTRAINT "mails_language_check" CHECK ("mails"."language" in ('en', 'hr'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "language" text DEFAULT 'hr' NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mails_dedupe_key" ON "mails" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mails_company_created_idx" ON "mails" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mails_due_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."status" = 'queued';