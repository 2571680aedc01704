CREATE TABLE "answer_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"instance" text NOT NULL,
	"expires_at" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"times" jsonb NOT NULL,
	"expires_at" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "answer_slots_key_idx" ON "answer_slots" USING btree ("key");--> statement-breakpoint
CREATE INDEX "answer_slots_instance_idx" ON "answer_slots" USING btree ("instance");--> statement-breakpoint
CREATE INDEX "rate_buckets_full_at_idx" ON "rate_buckets" USING btree ("full_at");--> statement-breakpoint
CREATE INDEX "rate_windows_expires_at_idx" ON "rate_windows" USING btree ("expires_at");