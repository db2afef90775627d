CREATE TABLE `support_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`author` text NOT NULL,
	`admin_user_id` integer,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `support_tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_messages_ticket_idx` ON `support_messages` (`ticket_id`,`id`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_email` text;--> statement-breakpoint
ALTER TABLE `support_tickets` ADD `last_message_at` integer;--> statement-breakpoint
ALTER TABLE `support_tickets` ADD `link_nonce` text;--> statement-breakpoint
CREATE INDEX `support_tickets_status_created_idx` ON `support_tickets` (`status`,`created_at`);