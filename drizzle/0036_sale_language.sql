ALTER TABLE `checkouts` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `language` text DEFAULT 'en' NOT NULL;