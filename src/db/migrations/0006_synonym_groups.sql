CREATE TABLE `synonym_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`terms` text NOT NULL,
	`terms_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `synonym_groups_terms_key_unique` ON `synonym_groups` (`terms_key`);--> statement-breakpoint
CREATE INDEX `synonym_groups_created_idx` ON `synonym_groups` (`created_at`,`id`);