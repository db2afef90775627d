CREATE TABLE `renewal_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`period_end` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_reminders_once` ON `renewal_reminders` (`subscription_id`,`period_end`,`kind`);--> statement-breakpoint
ALTER TABLE `sales` ADD `renewal_user_id` integer;--> statement-breakpoint
CREATE INDEX `sales_email_idx` ON `sales` (`email`);