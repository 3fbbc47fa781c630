ALTER TABLE "bundles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "language_source" text;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "language_confidence" real;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "language" text;