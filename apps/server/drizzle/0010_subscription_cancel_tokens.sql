CREATE TABLE "subscription_cancel_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscription_cancel_tokens" ADD CONSTRAINT "subscription_cancel_tokens_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cancel_tokens_hash_unique" ON "subscription_cancel_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "subscription_cancel_tokens_subscription_idx" ON "subscription_cancel_tokens" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_transaction_unique" ON "subscription_charges" USING btree ("transaction_id") WHERE "subscription_charges"."transaction_id" is not null;