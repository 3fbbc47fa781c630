CREATE TABLE "copy_exports" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"bundle_id" integer NOT NULL,
	"bundle_workflow_id" integer NOT NULL,
	"exported_at" timestamp with time zone NOT NULL,
	"copy_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_ctr_curves" (
	"bundle_id" integer PRIMARY KEY NOT NULL,
	"points" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bundle_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"source" text NOT NULL,
	"columns_read" jsonb NOT NULL,
	"page_rows" integer NOT NULL,
	"unmatched" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_product_stats" (
	"import_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"ctr" double precision NOT NULL,
	"position" double precision NOT NULL,
	"pages" jsonb NOT NULL,
	CONSTRAINT "search_product_stats_import_id_product_id_pk" PRIMARY KEY("import_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "copy_exports" ADD CONSTRAINT "copy_exports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_exports" ADD CONSTRAINT "copy_exports_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_exports" ADD CONSTRAINT "copy_exports_bundle_workflow_id_bundle_workflows_id_fk" FOREIGN KEY ("bundle_workflow_id") REFERENCES "public"."bundle_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_ctr_curves" ADD CONSTRAINT "search_ctr_curves_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_imports" ADD CONSTRAINT "search_imports_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_product_stats" ADD CONSTRAINT "search_product_stats_import_id_search_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."search_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_product_stats" ADD CONSTRAINT "search_product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copy_exports_bundle_idx" ON "copy_exports" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "search_imports_bundle_idx" ON "search_imports" USING btree ("bundle_id","period_start");--> statement-breakpoint
CREATE INDEX "search_product_stats_product_idx" ON "search_product_stats" USING btree ("product_id");