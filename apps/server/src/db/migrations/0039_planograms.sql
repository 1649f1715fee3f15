CREATE TABLE "audit_sales" (
	"audit_id" integer NOT NULL,
	"selection" text NOT NULL,
	"company_id" integer NOT NULL,
	"movement_id" integer,
	CONSTRAINT "audit_sales_audit_id_selection_pk" PRIMARY KEY("audit_id","selection")
);
--> statement-breakpoint
CREATE TABLE "planogram_selections" (
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"selection" text NOT NULL,
	"article_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planogram_selections_device_id_selection_pk" PRIMARY KEY("device_id","selection")
);
--> statement-breakpoint
ALTER TABLE "audit_sales" ADD CONSTRAINT "audit_sales_audit_id_machine_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."machine_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sales" ADD CONSTRAINT "audit_sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sales" ADD CONSTRAINT "audit_sales_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_selections" ADD CONSTRAINT "planogram_selections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_selections" ADD CONSTRAINT "planogram_selections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_selections" ADD CONSTRAINT "planogram_selections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_sales_movement_idx" ON "audit_sales" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "planogram_selections_article_idx" ON "planogram_selections" USING btree ("article_id");