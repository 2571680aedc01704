ALTER TABLE "conversation_details" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_details" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "conversation_details" ADD COLUMN "claim_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "turn_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- turns saved before (none: the server refused Postgres until this step), numbered by when they were saved
UPDATE "conversation_details" AS t SET "seq" = n.seq FROM (SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS seq FROM "conversation_details") AS n WHERE n."id" = t."id";--> statement-breakpoint
UPDATE "conversations" SET "turn_seq" = (SELECT coalesce(max(d."seq"), 0) FROM "conversation_details" AS d WHERE d."conversation_id" = "conversations"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "details_seq_idx" ON "conversation_details" USING btree ("conversation_id","seq");
