CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"was_refused" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Runs of failures still counting move over from better-auth's verification table, where the counter kept
-- them as JSON, so a deploy hands no attacker a fresh five guesses; then the old rows go.
INSERT INTO "sign_in_attempts" ("key", "failures", "locked_until", "expires_at")
SELECT DISTINCT ON ("identifier") "identifier", ("value"::jsonb->>'failures')::integer,
	to_timestamp(("value"::jsonb->>'lockedUntil')::double precision / 1000), "expires_at"
FROM "verification"
WHERE ("identifier" LIKE 'sign-in-lockout:%' OR "identifier" LIKE 'sign-in-code-lockout:%'
	OR "identifier" LIKE 'second-factor-lockout:%') AND "expires_at" > now()
ORDER BY "identifier", "expires_at" DESC;
--> statement-breakpoint
DELETE FROM "verification" WHERE "identifier" LIKE 'sign-in-lockout:%' OR "identifier" LIKE 'sign-in-code-lockout:%'
	OR "identifier" LIKE 'second-factor-lockout:%';
