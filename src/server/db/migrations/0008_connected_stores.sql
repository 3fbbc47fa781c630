CREATE TABLE "store_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"remote_product_id" text NOT NULL,
	"remote_variant_id" text,
	"remote_updated_at" text NOT NULL,
	"remote_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_push_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_push_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"push_id" integer NOT NULL,
	"bundle_workflow_product_id" integer NOT NULL,
	"remote_product_id" text NOT NULL,
	"remote_variant_id" text,
	"field" text NOT NULL,
	"before" text NOT NULL,
	"after" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"redirect_id" text,
	"written_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_pushes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"bundle_workflow_id" integer NOT NULL,
	"kind" text NOT NULL,
	"undo_of" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"api_version" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"platform" text NOT NULL,
	"store_url" text NOT NULL,
	"name" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_push_items" ADD CONSTRAINT "store_push_items_push_id_store_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."store_pushes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pushes" ADD CONSTRAINT "store_pushes_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pushes" ADD CONSTRAINT "store_pushes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_products_store_idx" ON "store_products" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_push_items_push_idx" ON "store_push_items" USING btree ("push_id","id");--> statement-breakpoint
CREATE INDEX "store_pushes_owner_idx" ON "store_pushes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_id");