CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`ok` integer NOT NULL,
	`object_name` text,
	`bytes` integer,
	`backup_taken_at` integer,
	`row_counts` text,
	`problem` text
);
--> statement-breakpoint
CREATE INDEX `backup_runs_kind_started_idx` ON `backup_runs` (`kind`,`started_at`);