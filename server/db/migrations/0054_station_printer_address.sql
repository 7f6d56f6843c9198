ALTER TABLE "station_printers" ADD COLUMN "host" text;--> statement-breakpoint
ALTER TABLE "station_printers" ADD COLUMN "port" integer;