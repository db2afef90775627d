ALTER TABLE "checkouts" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;