CREATE TABLE `refund_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text,
	`sale_id` integer NOT NULL,
	`requested_cents` integer,
	`amount_cents` integer NOT NULL,
	`provider_key` text NOT NULL,
	`status` text NOT NULL,
	`answer` text,
	`actor_user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refund_requests_idempotency_key_unique` ON `refund_requests` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `refund_requests_provider_key_unique` ON `refund_requests` (`provider_key`);--> statement-breakpoint
CREATE INDEX `refund_requests_sale` ON `refund_requests` (`sale_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refund_requests_created` ON `refund_requests` (`created_at`);