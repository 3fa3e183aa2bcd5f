CREATE TYPE "public"."key_algorithm" AS ENUM('TDES', 'AES');--> statement-breakpoint
CREATE TABLE "key_ceremonies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"algorithm" "key_algorithm" NOT NULL,
	"length_bytes" smallint NOT NULL,
	"key_enc" text,
	"kcv" text,
	"arn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "key_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ceremony_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"component_enc" text,
	"kcv" text NOT NULL,
	"loaded_by_user_id" uuid NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_injections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ceremony_id" uuid NOT NULL,
	"ksn" text NOT NULL,
	"ipek_enc" text NOT NULL,
	"ipek_kcv" text NOT NULL,
	"arn" text NOT NULL,
	"injected_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_components" ADD CONSTRAINT "key_components_ceremony_id_key_ceremonies_id_fk" FOREIGN KEY ("ceremony_id") REFERENCES "public"."key_ceremonies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_components" ADD CONSTRAINT "key_components_loaded_by_user_id_users_id_fk" FOREIGN KEY ("loaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_injections" ADD CONSTRAINT "key_injections_ceremony_id_key_ceremonies_id_fk" FOREIGN KEY ("ceremony_id") REFERENCES "public"."key_ceremonies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_injections" ADD CONSTRAINT "key_injections_injected_by_user_id_users_id_fk" FOREIGN KEY ("injected_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_ceremonies_one_open" ON "key_ceremonies" USING btree ((true)) WHERE "key_ceremonies"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "key_ceremonies_completed_idx" ON "key_ceremonies" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "key_components_position_unique" ON "key_components" USING btree ("ceremony_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "key_components_officer_unique" ON "key_components" USING btree ("ceremony_id","loaded_by_user_id");--> statement-breakpoint
CREATE INDEX "key_injections_ksn_idx" ON "key_injections" USING btree ("ksn");