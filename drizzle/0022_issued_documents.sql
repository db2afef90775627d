CREATE TABLE `issued_documents` (
	`number` text PRIMARY KEY NOT NULL,
	`sale_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `issued_documents_sale_idx` ON `issued_documents` (`sale_id`);