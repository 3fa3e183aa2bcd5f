CREATE TABLE "pax_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_attempt_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"ship_to" text NOT NULL,
	"ship_to_contact" text NOT NULL,
	"ship_to_address" text NOT NULL,
	"ship_to_city" text NOT NULL,
	"ship_to_state" text NOT NULL,
	"ship_to_zip" text NOT NULL,
	"ship_to_phone" text NOT NULL,
	"cardholder_name" text NOT NULL,
	"billing_zip" text NOT NULL,
	"card_token" text NOT NULL,
	"card_last4" text NOT NULL,
	"processor_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pax_orders" ADD CONSTRAINT "pax_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pax_orders_client_idx" ON "pax_orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pax_orders_attempt_unique" ON "pax_orders" USING btree ("payment_attempt_id");