ALTER TABLE "bill_counters" ADD COLUMN "last_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oib" text;--> statement-breakpoint
-- Each sequence's next bill is issued no earlier than its latest one (decision 0041).
UPDATE "bill_counters" c SET "last_issued_at" = (
  SELECT max(b."issued_at") FROM "bills" b
  WHERE b."company_id" = c."company_id" AND b."premises" = c."premises" AND b."isu" = c."isu" AND b."year" = c."year"
);
--> statement-breakpoint
-- Requests to CIS's test service and production are signed RSA-SHA1 (CIS's specification); RSA-SHA256 stays a simulator switch.
UPDATE "fiscal_settings" SET "signature_algorithm" = 'rsa-sha1' WHERE "environment" <> 'simulated' AND "signature_algorithm" <> 'rsa-sha1';
