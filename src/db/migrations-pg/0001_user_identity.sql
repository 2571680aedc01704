ALTER TABLE "users" ADD COLUMN "issuer" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_idx" ON "users" USING btree ("issuer","subject");