ALTER TABLE `refund_requests` ADD `seats` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `refunded_seats` integer DEFAULT 0 NOT NULL;