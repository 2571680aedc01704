CREATE TABLE `question_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`voter` text NOT NULL,
	`rating` text NOT NULL,
	`comment` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `question_log`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_feedback_voter` ON `question_feedback` (`question_id`,`voter`);--> statement-breakpoint
CREATE TABLE `question_log` (
	`id` text PRIMARY KEY NOT NULL,
	`asked_at` integer NOT NULL,
	`question` text NOT NULL,
	`confidence` real NOT NULL,
	`band` text NOT NULL,
	`fallback` integer NOT NULL,
	`sources` text DEFAULT '[]' NOT NULL,
	`answer_length` integer NOT NULL,
	`provider` text NOT NULL,
	`channel` text DEFAULT 'chat' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `question_log_asked_at` ON `question_log` (`asked_at`);