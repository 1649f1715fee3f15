ALTER TABLE "imports" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
-- A failure was stored as English text before decision 0027: it becomes the general code (read in any language).
UPDATE "imports" SET "error" = 'import_write_failed', "error_params" = '{}'::jsonb WHERE "error" IS NOT NULL AND "error" !~ '^[a-z_]+$';
