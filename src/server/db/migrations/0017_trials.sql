CREATE TABLE "trials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"sample_bundle_id" integer NOT NULL,
	"workflow_ids" jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_workflows" ADD COLUMN "from_trial_id" integer;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "trial_of" integer;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_sample_bundle_id_bundles_id_fk" FOREIGN KEY ("sample_bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trials_owner_idx" ON "trials" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "trials_sample_idx" ON "trials" USING btree ("sample_bundle_id");--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_trial_of_bundles_id_fk" FOREIGN KEY ("trial_of") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundles_trial_of_idx" ON "bundles" USING btree ("trial_of") WHERE "bundles"."trial_of" is not null;