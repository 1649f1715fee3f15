CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"location_id" integer,
	"emptying_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reported_coins_cents" bigint NOT NULL,
	"reported_tokens" integer NOT NULL,
	"deposit_coins_cents" bigint,
	"deposit_tokens" integer,
	"note" text,
	"reported_by_id" integer,
	"reported_at" timestamp with time zone,
	"verified_by_id" integer,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_emptying_id_emptyings_id_fk" FOREIGN KEY ("emptying_id") REFERENCES "public"."emptyings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reported_by_id_users_id_fk" FOREIGN KEY ("reported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_emptying_key" ON "deposits" USING btree ("emptying_id");--> statement-breakpoint
CREATE INDEX "deposits_company_at_idx" ON "deposits" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "deposits_unverified_idx" ON "deposits" USING btree ("company_id") WHERE verified_at is null;