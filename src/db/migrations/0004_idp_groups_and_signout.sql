ALTER TABLE `sessions` ADD `id_token` text;--> statement-breakpoint
ALTER TABLE `users` ADD `admin_source` text;