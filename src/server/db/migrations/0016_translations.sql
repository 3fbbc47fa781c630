ALTER TABLE "bundle_workflow_products" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "more_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;