CREATE TABLE `account_records` (
	`kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `record_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_records_user_idx` ON `account_records` (`user_id`,`kind`);--> statement-breakpoint
ALTER TABLE `emails` ADD `sale_id` integer;--> statement-breakpoint
CREATE INDEX `emails_to_idx` ON `emails` (`to`);--> statement-breakpoint
CREATE INDEX `emails_sale_idx` ON `emails` (`sale_id`);--> statement-breakpoint
CREATE INDEX `checkouts_email_idx` ON `checkouts` (`email`);--> statement-breakpoint
CREATE INDEX `support_tickets_email_idx` ON `support_tickets` (`email`);