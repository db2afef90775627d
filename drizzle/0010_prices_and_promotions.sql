CREATE TABLE `checkouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_intent_id` text,
	`client_secret` text,
	`plan` text NOT NULL,
	`email` text NOT NULL,
	`account_id` integer,
	`list_price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`promotion_code_id` integer,
	`promotion_code` text,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`released_at` integer,
	FOREIGN KEY (`promotion_code_id`) REFERENCES `promotion_codes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_payment_intent_id_unique` ON `checkouts` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `checkouts_code_status_idx` ON `checkouts` (`promotion_code_id`,`status`);--> statement-breakpoint
CREATE INDEX `checkouts_status_expiry_idx` ON `checkouts` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `plan_prices` (
	`plan` text PRIMARY KEY NOT NULL,
	`price_cents` integer NOT NULL,
	`compare_at_cents` integer,
	`badge` text,
	`visible` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off_cents` integer,
	`plans` text,
	`starts_at` integer,
	`ends_at` integer,
	`max_redemptions` integer,
	`once_per_buyer` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_codes_code_unique` ON `promotion_codes` (`code`);--> statement-breakpoint
ALTER TABLE `sales` ADD `promotion_code` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_cents` integer DEFAULT 0 NOT NULL;