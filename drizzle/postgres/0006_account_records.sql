CREATE TABLE "account_records" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "account_records_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "account_records" ADD CONSTRAINT "account_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_records_user_idx" ON "account_records" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "checkouts_email_idx" ON "checkouts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "emails_to_idx" ON "emails" USING btree ("to");--> statement-breakpoint
CREATE INDEX "emails_sale_idx" ON "emails" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "support_tickets_email_idx" ON "support_tickets" USING btree ("email");