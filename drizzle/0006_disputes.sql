ALTER TABLE `sales` ADD `dispute_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `dispute_status` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `dispute_amount_cents` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `dispute_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `disputed_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `dispute_closed_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `suspended_at` integer;