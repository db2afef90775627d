ALTER TABLE `sales` ADD `refunded_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_refunded_key_unique` ON `sales` (`refunded_key`);