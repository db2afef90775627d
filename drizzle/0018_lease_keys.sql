CREATE TABLE `lease_keys` (
	`kid` text PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text,
	`created_at` integer NOT NULL,
	`retired_at` integer,
	`longest_lease_seconds` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lease_keys_generation_unique` ON `lease_keys` (`generation`);