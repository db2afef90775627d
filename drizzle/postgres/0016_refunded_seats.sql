ALTER TABLE "refund_requests" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded_seats" integer DEFAULT 0 NOT NULL;