CREATE TABLE `seats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`label` text,
	`plugin_key` text,
	`linked_roblox_account_id` text,
	`linked_at` integer,
	`last_validated_at` integer,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seats_plugin_key_unique` ON `seats` (`plugin_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `seats_user_position` ON `seats` (`user_id`,`position`);--> statement-breakpoint
ALTER TABLE `users` ADD `plugin_validated_at` integer;