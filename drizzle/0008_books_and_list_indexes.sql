CREATE TABLE `books_daily` (
	`day` integer NOT NULL,
	`plan` text NOT NULL,
	`sales` integer DEFAULT 0 NOT NULL,
	`paid_count` integer DEFAULT 0 NOT NULL,
	`refund_count` integer DEFAULT 0 NOT NULL,
	`dispute_count` integer DEFAULT 0 NOT NULL,
	`gross_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`disputed_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `plan`)
);
--> statement-breakpoint
CREATE TABLE `product_key_counts` (
	`plan` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`unused` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `emails_status_created_idx` ON `emails` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `emails_created_idx` ON `emails` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_end_idx` ON `subscriptions` (`end_date`);--> statement-breakpoint
CREATE INDEX `support_tickets_status_idx` ON `support_tickets` (`status`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);