CREATE TABLE "card_holders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_holders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"phone" text,
	"consent_at" timestamp with time zone,
	"consent_version" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"paid_cents" bigint NOT NULL,
	"bonus_cents" bigint NOT NULL,
	"paid_after_cents" bigint NOT NULL,
	"bonus_after_cents" bigint NOT NULL,
	"device_id" integer,
	"location_id" integer,
	"logger_id" integer,
	"seq" bigint,
	"top_up_id" integer,
	"user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"holder_id" integer,
	"uid" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"status_changed_by_id" integer,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_cards_bonus_not_negative" CHECK ("loyalty_cards"."bonus_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"oib" text NOT NULL,
	"is_operator" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"app_key_hash" text,
	"app_key_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"pos_owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"premises_label" text NOT NULL,
	"isu" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"terminal_key_hash" text,
	"terminal_key_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"oib" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"pos_location_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"oib" text NOT NULL,
	"pin_hash" text,
	"pin_set_at" timestamp with time zone,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_boxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_boxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"button_label" text,
	"button_link" text,
	"active_from" date NOT NULL,
	"active_to" date,
	"audience" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"price_cents" integer,
	"hours_from" text,
	"hours_to" text,
	"weekdays" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"pos_location_id" integer NOT NULL,
	"pos_worker_id" integer,
	"user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"paid_cents" integer NOT NULL,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"promotion_id" integer,
	"payment" text NOT NULL,
	"bill_id" integer,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_paid_positive" CHECK ("top_ups"."paid_cents" > 0 and "top_ups"."bonus_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_holders" ADD CONSTRAINT "card_holders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_holders" ADD CONSTRAINT "card_holders_owner_id_loyalty_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."loyalty_owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_owner_id_loyalty_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."loyalty_owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_holder_id_card_holders_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."card_holders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_status_changed_by_id_users_id_fk" FOREIGN KEY ("status_changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_owners" ADD CONSTRAINT "loyalty_owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_locations" ADD CONSTRAINT "pos_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_locations" ADD CONSTRAINT "pos_locations_pos_owner_id_pos_owners_id_fk" FOREIGN KEY ("pos_owner_id") REFERENCES "public"."pos_owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_owners" ADD CONSTRAINT "pos_owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_workers" ADD CONSTRAINT "pos_workers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_workers" ADD CONSTRAINT "pos_workers_pos_location_id_pos_locations_id_fk" FOREIGN KEY ("pos_location_id") REFERENCES "public"."pos_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_boxes" ADD CONSTRAINT "promo_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_boxes" ADD CONSTRAINT "promo_boxes_owner_id_loyalty_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."loyalty_owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_owner_id_loyalty_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."loyalty_owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_pos_location_id_pos_locations_id_fk" FOREIGN KEY ("pos_location_id") REFERENCES "public"."pos_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_pos_worker_id_pos_workers_id_fk" FOREIGN KEY ("pos_worker_id") REFERENCES "public"."pos_workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_holders_company_idx" ON "card_holders" USING btree ("company_id","surname");--> statement-breakpoint
CREATE INDEX "card_holders_owner_idx" ON "card_holders" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_spend_key" ON "card_transactions" USING btree ("logger_id","seq");--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" USING btree ("card_id","at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_company_at_idx" ON "card_transactions" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_at_idx" ON "card_transactions" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_top_up_idx" ON "card_transactions" USING btree ("top_up_id") WHERE "card_transactions"."top_up_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_uid_key" ON "loyalty_cards" USING btree ("company_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_number_key" ON "loyalty_cards" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "loyalty_cards_owner_idx" ON "loyalty_cards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_holder_idx" ON "loyalty_cards" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "loyalty_owners_company_idx" ON "loyalty_owners" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_owners_app_key" ON "loyalty_owners" USING btree ("app_key_hash");--> statement-breakpoint
CREATE INDEX "pos_locations_company_idx" ON "pos_locations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pos_locations_owner_idx" ON "pos_locations" USING btree ("pos_owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_locations_terminal_key" ON "pos_locations" USING btree ("terminal_key_hash");--> statement-breakpoint
CREATE INDEX "pos_owners_company_idx" ON "pos_owners" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pos_workers_company_idx" ON "pos_workers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pos_workers_location_idx" ON "pos_workers" USING btree ("pos_location_id");--> statement-breakpoint
CREATE INDEX "promo_boxes_company_idx" ON "promo_boxes" USING btree ("company_id","active_from");--> statement-breakpoint
CREATE INDEX "promo_boxes_owner_idx" ON "promo_boxes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "promotions_company_idx" ON "promotions" USING btree ("company_id","valid_from");--> statement-breakpoint
CREATE INDEX "promotions_owner_idx" ON "promotions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "top_ups_company_at_idx" ON "top_ups" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "top_ups_at_idx" ON "top_ups" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "top_ups_card_idx" ON "top_ups" USING btree ("card_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_request_key" ON "top_ups" USING btree ("pos_location_id","request_id");