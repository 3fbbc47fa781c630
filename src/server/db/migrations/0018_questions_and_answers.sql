ALTER TABLE "bundle_workflow_products" ADD COLUMN "questions_and_answers" text;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "questions_and_answers" text;