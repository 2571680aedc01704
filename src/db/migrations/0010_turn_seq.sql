ALTER TABLE `conversation_details` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversation_details` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `conversation_details` ADD `claim_expires_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `turn_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the turns saved before: numbered in their insertion order (rowid, which ordered them until now)
UPDATE `conversation_details` SET `seq` = (SELECT count(*) FROM `conversation_details` AS d WHERE d.`conversation_id` = `conversation_details`.`conversation_id` AND d.rowid <= `conversation_details`.rowid);--> statement-breakpoint
UPDATE `conversations` SET `turn_seq` = (SELECT coalesce(max(d.`seq`), 0) FROM `conversation_details` AS d WHERE d.`conversation_id` = `conversations`.`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `details_seq_idx` ON `conversation_details` (`conversation_id`,`seq`);
