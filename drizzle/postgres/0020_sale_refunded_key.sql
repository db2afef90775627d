ALTER TABLE "sales" ADD COLUMN "refunded_key" text;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_key_unique" UNIQUE("refunded_key");