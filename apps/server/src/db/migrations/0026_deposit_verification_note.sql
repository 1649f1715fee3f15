ALTER TABLE "deposits" ADD COLUMN "verification_note" text;--> statement-breakpoint
-- A verification used to write its note over the worker's. Where the audit trail (migration 0021) kept
-- that verification changing the note, the verifier's note moves to its own column and the worker's
-- note (the trail's before, null when there was none) comes back. A verification that kept the note
-- as it was changed nothing to move; deposits verified before the trail keep the one note they have.
UPDATE "deposits" SET "verification_note" = "a"."after" ->> 'note', "note" = "a"."before" ->> 'note'
FROM "audit_log" AS "a"
WHERE "a"."resource" = 'deposits' AND "a"."action" = 'verify' AND "a"."record_id" = "deposits"."id"
  AND "a"."after" ->> 'note' IS NOT NULL AND "deposits"."note" IS NOT DISTINCT FROM "a"."after" ->> 'note';
