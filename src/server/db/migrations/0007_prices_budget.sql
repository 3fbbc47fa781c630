CREATE TABLE "user_spend_carried" (
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"spent_usd" numeric(16, 10) DEFAULT 0 NOT NULL,
	CONSTRAINT "user_spend_carried_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "cached_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "price_cached_input_per_million" numeric(12, 6);--> statement-breakpoint
ALTER TABLE "user_spend_carried" ADD CONSTRAINT "user_spend_carried_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;