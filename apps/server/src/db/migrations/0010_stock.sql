CREATE TABLE "articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"supplier" text,
	"vat_rate_bp" integer DEFAULT 2500 NOT NULL,
	"purchase_net_cents" integer,
	"purchase_gross_cents" integer,
	"selling_net_cents" integer,
	"selling_gross_cents" integer,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"average_cost_cents" numeric(20, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"from_repository_id" integer,
	"to_repository_id" integer,
	"device_id" integer,
	"unit_price_cents" numeric(20, 6),
	"supplier" text,
	"reason" text,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"reverses_id" integer,
	"client_key" text
);
--> statement-breakpoint
CREATE TABLE "repositories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repositories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"responsible_worker_id" integer,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"repository_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_repository_id_article_id_pk" PRIMARY KEY("repository_id","article_id"),
	CONSTRAINT "stock_levels_quantity_check" CHECK ("stock_levels"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_from_repository_id_repositories_id_fk" FOREIGN KEY ("from_repository_id") REFERENCES "public"."repositories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_to_repository_id_repositories_id_fk" FOREIGN KEY ("to_repository_id") REFERENCES "public"."repositories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reverses_id_stock_movements_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_responsible_worker_id_users_id_fk" FOREIGN KEY ("responsible_worker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_company_name_key" ON "articles" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stock_movements_company_at_idx" ON "stock_movements" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_article_idx" ON "stock_movements" USING btree ("article_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_from_idx" ON "stock_movements" USING btree ("from_repository_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_to_idx" ON "stock_movements" USING btree ("to_repository_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_device_idx" ON "stock_movements" USING btree ("device_id","at") WHERE "stock_movements"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_created_by_idx" ON "stock_movements" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_reverses_key" ON "stock_movements" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_client_key" ON "stock_movements" USING btree ("company_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_company_name_key" ON "repositories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "repositories_responsible_idx" ON "repositories" USING btree ("responsible_worker_id");--> statement-breakpoint
CREATE INDEX "stock_levels_article_idx" ON "stock_levels" USING btree ("article_id");