ALTER TABLE `checkouts` ADD `seats` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_keys` ADD `seats` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `seats` integer DEFAULT 1 NOT NULL;