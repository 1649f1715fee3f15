ALTER TABLE "telemetry_events" DROP CONSTRAINT "telemetry_events_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "telemetry_events" DROP CONSTRAINT "telemetry_events_logger_id_loggers_id_fk";
--> statement-breakpoint
ALTER TABLE "telemetry_events" DROP CONSTRAINT "telemetry_events_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "telemetry_events" DROP CONSTRAINT "telemetry_events_location_id_locations_id_fk";
