-- Webhook signing secrets are sealed from now on (sealed_secret). The plaintext rows cannot be sealed here, SQL
-- having no key: src/server/domain/webhooks/webhook-secrets.ts seals them at boot and at their next delivery.
ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_one_secret" CHECK (("webhook_endpoints"."sealed_secret" is null) <> ("webhook_endpoints"."secret" is null));