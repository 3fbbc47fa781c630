CREATE TABLE "store_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"bundle_workflow_id" integer NOT NULL,
	"store_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"method" text,
	"products_read" integer DEFAULT 0 NOT NULL,
	"products_total" integer,
	"products" integer,
	"bulk_operation_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "store_imports_bundle_id_unique" UNIQUE("bundle_id")
);
--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;