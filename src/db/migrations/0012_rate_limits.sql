CREATE TABLE `answer_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`instance` text NOT NULL,
	`expires_at` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `answer_slots_key_idx` ON `answer_slots` (`key`);--> statement-breakpoint
CREATE INDEX `answer_slots_instance_idx` ON `answer_slots` (`instance`);--> statement-breakpoint
CREATE TABLE `rate_buckets` (
	`key` text PRIMARY KEY NOT NULL,
	`full_at` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_buckets_full_at_idx` ON `rate_buckets` (`full_at`);--> statement-breakpoint
CREATE TABLE `rate_windows` (
	`key` text PRIMARY KEY NOT NULL,
	`times` text NOT NULL,
	`expires_at` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_windows_expires_at_idx` ON `rate_windows` (`expires_at`);