ALTER TABLE `checkouts` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `company_address` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `tax_id` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `withdrawal_consent_at` integer;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `withdrawal_consent_version` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `company_address` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `withdrawal_consent_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `withdrawal_consent_version` text;