ALTER TABLE "stores" ADD COLUMN "api_version_answered" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "api_version_asked" text;