CREATE TABLE `address_confirmations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `address_confirmations_token_hash_unique` ON `address_confirmations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `address_confirmations_user_idx` ON `address_confirmations` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `confirmation_invited_at` integer;--> statement-breakpoint
CREATE INDEX `product_keys_used_by_idx` ON `product_keys` (`used_by_user_id`);--> statement-breakpoint
CREATE INDEX `sales_renewal_user_idx` ON `sales` (`renewal_user_id`);