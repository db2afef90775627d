ALTER TABLE "checkouts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;