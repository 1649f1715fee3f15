CREATE TABLE "export_parts" (
	"export_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "export_parts_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "export_parts" ADD CONSTRAINT "export_parts_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files built before parts (decision 0026) move as they are, each as its one part, before the column goes.
INSERT INTO "export_parts" ("export_id", "seq", "content") SELECT "id", 0, "content" FROM "exports" WHERE "content" IS NOT NULL;--> statement-breakpoint
UPDATE "exports" SET "size" = octet_length("content") WHERE "content" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" DROP COLUMN "content";