ALTER TABLE "deposits" ALTER COLUMN "reported_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "deposit_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "plays" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "test_plays" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "free_rides" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "resets" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "prizes_out" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_daily" ALTER COLUMN "events" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "device_state" ALTER COLUMN "box_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "emptyings" ALTER COLUMN "counted_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "emptyings" ALTER COLUMN "device_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "service_sessions" ALTER COLUMN "plays" SET DATA TYPE bigint;