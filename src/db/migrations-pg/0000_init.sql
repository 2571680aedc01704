CREATE TABLE "login_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_to" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_agent" text,
	"id_token" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"role" text DEFAULT 'user' NOT NULL,
	"admin_active" boolean DEFAULT true NOT NULL,
	"admin_source" text,
	"responsibility" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"last_login_at" timestamp (3) with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "categories_name_key_unique" UNIQUE("name_key")
);
--> statement-breakpoint
CREATE TABLE "document_pages" (
	"document_id" text NOT NULL,
	"page" integer NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "document_pages_document_id_page_pk" PRIMARY KEY("document_id","page")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"document_id" text NOT NULL,
	"number" integer NOT NULL,
	"raw_file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "document_versions_document_id_number_pk" PRIMARY KEY("document_id","number")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"raw_file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"sha256" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" text,
	"version" text DEFAULT '1.0.0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"fallback_contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'indexing' NOT NULL,
	"status_error" text,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"extraction_method" text,
	"used_ocr" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_details" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"parent_id" text,
	"query" text NOT NULL,
	"response" text,
	"confidence" double precision,
	"status" text DEFAULT 'pending' NOT NULL,
	"show_regulation" boolean DEFAULT false NOT NULL,
	"attachments" jsonb,
	"references" jsonb,
	"documents" jsonb,
	"document_type" text,
	"download_url" text,
	"intent" text,
	"connection_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"topic" text DEFAULT 'บทสนทนาใหม่' NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	"topic_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"id" text PRIMARY KEY NOT NULL,
	"fallback_message" text NOT NULL,
	"high_threshold" integer DEFAULT 80 NOT NULL,
	"low_threshold" integer DEFAULT 30 NOT NULL,
	"general_contact" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"updated_by_name" text DEFAULT 'system' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"voter" text NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_log" (
	"id" text PRIMARY KEY NOT NULL,
	"asked_at" timestamp (3) with time zone NOT NULL,
	"question" text NOT NULL,
	"confidence" double precision NOT NULL,
	"band" text NOT NULL,
	"fallback" boolean NOT NULL,
	"sources" text DEFAULT '[]' NOT NULL,
	"answer_length" integer NOT NULL,
	"provider" text NOT NULL,
	"channel" text DEFAULT 'chat' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "synonym_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"terms" text NOT NULL,
	"terms_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "synonym_groups_terms_key_unique" UNIQUE("terms_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_details" ADD CONSTRAINT "conversation_details_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_feedback" ADD CONSTRAINT "question_feedback_question_id_question_log_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "details_conversation_idx" ON "conversation_details" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "details_connection_idx" ON "conversation_details" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_feedback_voter" ON "question_feedback" USING btree ("question_id","voter");--> statement-breakpoint
CREATE INDEX "question_log_asked_at" ON "question_log" USING btree ("asked_at");--> statement-breakpoint
CREATE INDEX "synonym_groups_created_idx" ON "synonym_groups" USING btree ("created_at","id");