CREATE TABLE "member_spend_carried" (
	"owner_id" text NOT NULL,
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"spent_usd" numeric(16, 10) DEFAULT 0 NOT NULL,
	CONSTRAINT "member_spend_carried_owner_id_user_id_month_pk" PRIMARY KEY("owner_id","user_id","month")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"api_key_id" integer,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workspace_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invites_role" CHECK ("workspace_invites"."role" in ('owner', 'editor', 'reviewer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"monthly_budget_usd" numeric(12, 4),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role" CHECK ("workspace_members"."role" in ('owner', 'editor', 'reviewer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"personal_of" text,
	"require_other_reviewer" boolean DEFAULT false NOT NULL,
	"monthly_budget_usd" numeric(12, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of"),
	CONSTRAINT "workspaces_name_length" CHECK (char_length("workspaces"."name") between 1 and 80)
);
--> statement-breakpoint
-- Every user gets a personal workspace with their own id, so every owner_id written before workspaces existed
-- already names it: nothing moves, and nothing can be lost on the way.
INSERT INTO "workspaces" ("id", "name", "personal_of") SELECT "id", 'Personal', "id" FROM "user";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") SELECT "id", "id", 'owner' FROM "user";--> statement-breakpoint
-- A user made by any path (sign-up, magic link, a test's insert) has their personal workspace at once.
CREATE FUNCTION "create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspaces" ("id", "name", "personal_of") VALUES (NEW."id", 'Personal', NEW."id");
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (NEW."id", NEW."id", 'owner');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_personal_workspace" AFTER INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION "create_personal_workspace"();
--> statement-breakpoint
INSERT INTO "member_spend_carried" ("owner_id", "user_id", "month", "spent_usd") SELECT "owner_id", "owner_id", "month", "spent_usd" FROM "user_spend_carried";--> statement-breakpoint
ALTER TABLE "bundles" DROP CONSTRAINT "bundles_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "workflows" DROP CONSTRAINT "workflows_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_spend_carried" DROP CONSTRAINT "user_spend_carried_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "store_imports" DROP CONSTRAINT "store_imports_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "store_pushes" DROP CONSTRAINT "store_pushes_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "stores" DROP CONSTRAINT "stores_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "trials" DROP CONSTRAINT "trials_owner_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "webhook_endpoints_user_id_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "owner_id" text;--> statement-breakpoint
UPDATE "api_keys" SET "owner_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_workflow_products" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "bundle_workflows" ADD COLUMN "started_by" text;--> statement-breakpoint
-- A run's starter, for the member's budget: before workspaces, the bundle's owner started every run.
UPDATE "bundle_workflows" SET "started_by" = "bundles"."owner_id" FROM "bundles" WHERE "bundles"."id" = "bundle_workflows"."bundle_id";--> statement-breakpoint
ALTER TABLE "bundle_workflow_products" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "owner_id" text;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "owner_id" = "user_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_user_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_workspace_idx" ON "audit_events" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "workspace_invites_workspace_idx" ON "workspace_invites" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_workflow_products" ADD CONSTRAINT "bundle_workflow_products_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_spend_carried" ADD CONSTRAINT "user_spend_carried_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pushes" ADD CONSTRAINT "store_pushes_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_owner_idx" ON "api_keys" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner_idx" ON "webhook_endpoints" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "member_spend_carried" ADD CONSTRAINT "member_spend_carried_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_spend_carried" ADD CONSTRAINT "member_spend_carried_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_workflows" ADD CONSTRAINT "bundle_workflows_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
