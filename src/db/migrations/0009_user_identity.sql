ALTER TABLE `users` ADD `issuer` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_identity_idx` ON `users` (`issuer`,`subject`);