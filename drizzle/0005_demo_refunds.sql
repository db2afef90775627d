ALTER TABLE `demo_payment_intents` ADD `amount_refunded` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `demo_payment_intents` ADD `refund_keys` text DEFAULT '[]' NOT NULL;