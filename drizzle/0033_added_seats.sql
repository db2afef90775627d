ALTER TABLE `checkouts` ADD `kind` text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `kind` text DEFAULT 'purchase' NOT NULL;