ALTER TABLE `conversation_details` ADD `document_type` text;--> statement-breakpoint
ALTER TABLE `conversation_details` ADD `download_url` text;--> statement-breakpoint
ALTER TABLE `conversation_details` ADD `connection_id` text;