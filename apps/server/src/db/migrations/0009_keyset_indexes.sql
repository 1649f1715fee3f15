DROP INDEX "telemetry_events_company_at_idx";--> statement-breakpoint
CREATE INDEX "critical_episodes_company_idx" ON "critical_episodes" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "emptyings_company_idx" ON "emptyings" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "service_sessions_company_idx" ON "service_sessions" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_company_at_idx" ON "telemetry_events" USING btree ("company_id","at","id");