ALTER TABLE "workflows" ADD COLUMN "sees_images" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "image_detail" text DEFAULT 'low' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "max_images" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_image_detail" CHECK ("workflows"."image_detail" in ('low', 'high'));--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_max_images" CHECK ("workflows"."max_images" between 1 and 10);