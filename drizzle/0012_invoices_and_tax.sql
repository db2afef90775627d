CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`sale_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`tax_reversal_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_sale_idx` ON `credit_notes` (`sale_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_created_idx` ON `credit_notes` (`created_at`);--> statement-breakpoint
CREATE TABLE `document_counters` (
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_counters_kind_year` ON `document_counters` (`kind`,`year`);--> statement-breakpoint
ALTER TABLE `books_daily` ADD `tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `invoice_number` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `country` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_id_type` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `refunded_tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_rate` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_name` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_country` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_reason` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_calculation_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `tax_transaction_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_invoice_number_unique` ON `sales` (`invoice_number`);