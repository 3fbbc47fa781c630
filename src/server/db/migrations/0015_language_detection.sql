ALTER TABLE "bundles" ADD COLUMN "language_mix" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "language_confidence" real;--> statement-breakpoint
-- The schema's comment once named the user's choice `chosen`; nothing wrote it, but a row that did keeps its meaning.
UPDATE "bundles" SET "language_source" = 'user' WHERE "language_source" = 'chosen';--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_language_source" CHECK ("bundles"."language_source" in ('detected', 'user'));