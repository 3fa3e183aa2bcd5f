CREATE TYPE "public"."ach_processor" AS ENUM('xpress', 'propay');--> statement-breakpoint
CREATE TYPE "public"."action_mode" AS ENUM('settle', 'debit', 'charge', 'apple_pay', 'refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('SEND LINK', 'PENDING', 'BOARDED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."application_type" AS ENUM('Merchant', 'Partner', 'Agent');--> statement-breakpoint
CREATE TYPE "public"."audit_outcome" AS ENUM('success', 'denied', 'failure');--> statement-breakpoint
CREATE TYPE "public"."bank_account_type" AS ENUM('checking', 'savings', 'business');--> statement-breakpoint
CREATE TYPE "public"."card_processor" AS ENUM('fis', 'merchante', 'bluesnap', 'epx', 'propay');--> statement-breakpoint
CREATE TYPE "public"."client_level" AS ENUM('Parent', 'Merchant');--> statement-breakpoint
CREATE TYPE "public"."client_status" AS ENUM('cta_sent', 'cta_signed', 'in_development', 'onboarding', 'Active', 'Inactive');--> statement-breakpoint
CREATE TYPE "public"."crypto_provider" AS ENUM('curpay', 'forumpay');--> statement-breakpoint
CREATE TYPE "public"."custom_field_type" AS ENUM('text', 'number');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."kyc_status" AS ENUM('pending', 'passed', 'failed', 'needs_review');--> statement-breakpoint
CREATE TYPE "public"."login_token_purpose" AS ENUM('sign_in', 'mimic', 'verify_email');--> statement-breakpoint
CREATE TYPE "public"."merchant_count_band" AS ENUM('0-50', '51-200', '201-500', '501-1000', '1000+');--> statement-breakpoint
CREATE TYPE "public"."merchant_state" AS ENUM('Active', 'Frozen');--> statement-breakpoint
CREATE TYPE "public"."note_category" AS ENUM('risk', 'operations', 'note', 'system', 'dnc', 'statementNote');--> statement-breakpoint
CREATE TYPE "public"."ownership_type" AS ENUM('Sole Proprietor', 'C-Corp Private', 'C-Corp Public', 'S-Corp Private', 'S-Corp Public', 'LLC Private', 'LLC Public', 'Not For Profit', 'Partnership Private', 'Partnership', 'Government Agency', 'Government');--> statement-breakpoint
CREATE TYPE "public"."payout_mode" AS ENUM('split_settlement', 'dynamic_payout_weekly', 'dynamic_payout_monthly');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('scheduled', 'paid', 'held', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pro_pay_status" AS ENUM('ACHInReturned', 'ACHInRejected', 'CCDebitVoided');--> statement-breakpoint
CREATE TYPE "public"."processor" AS ENUM('fis', 'merchante', 'bluesnap', 'epx', 'propay', 'xpress', 'curpay', 'forumpay');--> statement-breakpoint
CREATE TYPE "public"."subscription_charge_status" AS ENUM('scheduled', 'succeeded', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."subscription_interval" AS ENUM('daily', 'weekly', 'monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."terminal_device_type" AS ENUM('PAX', 'NEWPOS', 'Dejavoo');--> statement-breakpoint
CREATE TYPE "public"."terminal_provider" AS ENUM('fis', 'dejavoo', 'pax', 'magtek', 'tpp');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('cc', 'credit', 'card', 'terminal', 'charge', 'authorize', 'terminal_charge', 'debit', 'ach', 'cash', 'void', 'refund', 'ach_refund', 'blind_refund', 'reversal', 'batch');--> statement-breakpoint
CREATE TYPE "public"."user_label" AS ENUM('Principal', 'Technology', 'Manager', 'Marketing');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('admin', 'user', 'parent', 'healnow', 'alpha', 'contact');--> statement-breakpoint
CREATE TYPE "public"."vault_issuer" AS ENUM('VISA', 'MC', 'DISC', 'AMEX', 'BANK', 'CARD');--> statement-breakpoint
CREATE TYPE "public"."welcome_email_mode" AS ENUM('false', 'true', 'custom');--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"role_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" uuid NOT NULL,
	"permission_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_name_pk" PRIMARY KEY("role_id","permission_name")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"custom_field_access" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hideable_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"omittable_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_entity_mid_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_entity_id" uuid NOT NULL,
	"payment_processor" "processor" NOT NULL,
	"merchant_identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sub_entities" (
	"user_id" uuid NOT NULL,
	"sub_entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sub_entities_user_id_sub_entity_id_pk" PRIMARY KEY("user_id","sub_entity_id")
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"purpose" "login_token_purpose" DEFAULT 'sign_in' NOT NULL,
	"requested_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_ip" "inet"
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" "inet",
	"user_agent" text,
	"view_as_client_id" uuid,
	"mimicked_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "billing_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"statement_date" date NOT NULL,
	"detail_description" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_billing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"month" date NOT NULL,
	"transaction_count" integer NOT NULL,
	"total_transaction_amount_cents" bigint NOT NULL,
	"last_transaction_date_in_month" date,
	"monthly_minimum_cents" bigint NOT NULL,
	"monthly_fee_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rolling_billing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"central_processing_date" date NOT NULL,
	"cc_sales_cents" bigint NOT NULL,
	"total_billing_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"account_number_enc" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"routing_number_enc" text NOT NULL,
	"routing_number_last4" text NOT NULL,
	"account_type" "bank_account_type" DEFAULT 'checking' NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_configs" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"payment" "card_processor",
	"ach" "ach_processor",
	"crypto" "crypto_provider",
	"payout" "payout_mode" DEFAULT 'split_settlement' NOT NULL,
	"terminals" "terminal_provider",
	"check_emaf" boolean DEFAULT false NOT NULL,
	"pause_settlement" boolean DEFAULT false NOT NULL,
	"onboard" boolean DEFAULT false NOT NULL,
	"enroll_email" "welcome_email_mode" DEFAULT 'true' NOT NULL,
	"w_enroll_message" text,
	"level_three_data_enabled" boolean DEFAULT false NOT NULL,
	"meta_field_search" boolean DEFAULT false NOT NULL,
	"meta_field_search_term" text,
	"rev_share_percentage" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"rev_share_formula" text,
	"forum_pay_state" text,
	"forum_pay_bank_account_uploaded" boolean DEFAULT false NOT NULL,
	"customizations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"child_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_patient_information_in_vault" boolean DEFAULT false NOT NULL,
	"has_orphaned_payment_methods" boolean DEFAULT false NOT NULL,
	"risk_timing_minutes" integer DEFAULT 60 NOT NULL,
	"risk_devices" integer DEFAULT 5 NOT NULL,
	"risk_velocity" integer DEFAULT 100 NOT NULL,
	"risk_ccs" integer DEFAULT 3 NOT NULL,
	"risk_transactions" integer DEFAULT 5 NOT NULL,
	"high_ticket_cents" bigint DEFAULT 1000000 NOT NULL,
	"avg_ticket_cents" bigint,
	"monthly_volume_cents" bigint,
	"monthly_high_volume_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "custom_field_type" DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_keystore" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"propay_mid" text,
	"heartland_public_key" text,
	"epx_external_key_enc" text,
	"epx_external_key_last4" text,
	"epx_merchant_identifier" text,
	"m_mid" text,
	"m_pid" text,
	"b_mid" text,
	"curpay_id" text,
	"forum_pay_identifier" text,
	"b_id_enc" text,
	"b_id_last4" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_mcc_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"mcc_code" text NOT NULL,
	"label" text,
	"card_rate" text,
	"ach_rate" text,
	"crypto_rate" text,
	"card_p_2c" boolean DEFAULT false NOT NULL,
	"ach_p_2c" boolean DEFAULT false NOT NULL,
	"crypto_p_2c" boolean DEFAULT false NOT NULL,
	"low_rate" text,
	"etf_cents" bigint,
	"reg_fee_cents" bigint,
	"pci_fee_cents" bigint,
	"monthly_fee_cents" bigint,
	"monthly_minimum_cents" bigint,
	"annual_fee_cents" bigint,
	"chargeback_fee_cents" bigint,
	"ach_return_cents" bigint,
	"tax_rate" numeric(6, 3),
	"avg_ticket_cents" bigint,
	"high_ticket_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_pricing" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"card_rate" text,
	"card_p_2c" boolean DEFAULT false NOT NULL,
	"ach_rate" text,
	"ach_p_2c" boolean DEFAULT false NOT NULL,
	"crypto_rate" text,
	"crypto_p_2c" boolean DEFAULT false NOT NULL,
	"low_rate" text,
	"etf_cents" bigint DEFAULT 50000 NOT NULL,
	"reg_fee_cents" bigint,
	"pci_fee_cents" bigint,
	"generic_pci_fee_cents" bigint,
	"monthly_fee_cents" bigint,
	"monthly_min_cents" bigint,
	"annual_fee_cents" bigint,
	"chargeback_fee_cents" bigint,
	"retrieval_fee_cents" bigint,
	"ach_return_cents" bigint,
	"ach_noc_cents" bigint,
	"tin_mismatch_cents" bigint,
	"tax_rate" numeric(6, 3),
	"rev_share" integer DEFAULT 50 NOT NULL,
	"qualified_rate_bps" numeric(8, 3),
	"amex_qualified_rate_bps" numeric(8, 3),
	"debit_qualified_rate_bps" numeric(8, 3),
	"qualified_transaction_fee_cents" bigint,
	"amex_qualified_transaction_fee_cents" bigint,
	"debit_qualified_transaction_fee_cents" bigint,
	"interchange_dues_assessments_bps" numeric(8, 3),
	"amex_interchange_dues_assessments_bps" numeric(8, 3),
	"debit_interchange_dues_assessments_bps" numeric(8, 3),
	"qualified_check_card_rate_bps" numeric(8, 3),
	"qualified_check_card_transaction_fee_cents" bigint,
	"interchange_transaction_passthrough_credit_fee_cents" bigint,
	"interchange_transaction_passthrough_check_card_fee_cents" bigint,
	"debit_gateway_fee_cents" bigint,
	"debit_transaction_fee_cents" bigint,
	"monthly_basic_service_fee_cents" bigint,
	"monthly_minimum_discount_fee_cents" bigint,
	"return_item_support_fee_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_principals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"first_name" text,
	"last_name" text,
	"ssn_enc" text,
	"ssn_last4" text,
	"date_of_birth_enc" text,
	"title" text,
	"ownership_percent" numeric(5, 2),
	"phone_number" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state_province" char(2),
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_principals_position_range" CHECK ("client_principals"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" "client_level" DEFAULT 'Merchant' NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"legal_name" text,
	"dba_name" text,
	"tax_id_enc" text,
	"tax_id_last4" text,
	"ssn_enc" text,
	"ssn_last4" text,
	"email" text,
	"phone" text,
	"website" text,
	"address_line_1" text,
	"address_line_2" text,
	"locality" text,
	"region" text,
	"postal_code" text,
	"country" char(2) DEFAULT 'US' NOT NULL,
	"business_address_1" text,
	"business_address_2" text,
	"business_locality" text,
	"business_region" text,
	"business_postal_code" text,
	"business_phone_number" text,
	"business_description" text,
	"business_type" text,
	"ownership_type" "ownership_type",
	"billing_descriptor" text,
	"mcc_code" text,
	"start_date" date,
	"logo_storage_key" text,
	"api_key" text NOT NULL,
	"public_key" text NOT NULL,
	"sandbox_api_key" text,
	"mid" text,
	"status" "client_status",
	"is_active" boolean DEFAULT true NOT NULL,
	"is_in_certification" boolean DEFAULT false NOT NULL,
	"is_enrolled_as_crypto_only" boolean DEFAULT false NOT NULL,
	"is_monthly_billing_enabled" boolean DEFAULT false NOT NULL,
	"hashcode" text,
	"wallet" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_parent_is_not_self" CHECK ("clients"."parent_id" <> "clients"."id")
);
--> statement-breakpoint
CREATE TABLE "white_labels" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"color" text,
	"logo_url" text,
	"entity_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_cost_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processor" "processor" NOT NULL,
	"card_brand" text NOT NULL,
	"card_type" text DEFAULT 'any' NOT NULL,
	"interchange_bps" numeric(8, 3) NOT NULL,
	"dues_assessments_bps" numeric(8, 3) NOT NULL,
	"processor_bps" numeric(8, 3) DEFAULT '0' NOT NULL,
	"per_item_cents" bigint DEFAULT 0 NOT NULL,
	"authorization_fee_cents" bigint DEFAULT 0 NOT NULL,
	"split_fee_cents" bigint DEFAULT 0 NOT NULL,
	"margin_share_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_cost_models_period" CHECK ("processor_cost_models"."effective_to" is null or "processor_cost_models"."effective_to" > "processor_cost_models"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "certification_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"category" text NOT NULL,
	"required_endpoint" text NOT NULL,
	"is_passed" boolean NOT NULL,
	"test_result" text,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developer_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expected_merchants_now" "merchant_count_band",
	"expected_merchants90_days" "merchant_count_band",
	"callback_url" text,
	"instructions_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"enrollment_id" uuid,
	"tag" text,
	"note" varchar(200),
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"date_time_uploaded" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_owner_present" CHECK ("documents"."client_id" is not null or "documents"."enrollment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_principals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"first_name" text,
	"last_name" text,
	"ssn_enc" text,
	"ssn_last4" text,
	"date_of_birth_enc" text,
	"title" text,
	"ownership_percent" numeric(5, 2),
	"phone_number" text,
	"email" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state_province" char(2),
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_principals_position_range" CHECK ("enrollment_principals"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"client_id" uuid,
	"application_type" "application_type" DEFAULT 'Merchant' NOT NULL,
	"application_status" "application_status",
	"status" "client_status",
	"level" "client_level" DEFAULT 'Merchant' NOT NULL,
	"is_from_portal" boolean DEFAULT false NOT NULL,
	"dba_name" text,
	"legal_name" text,
	"first_name" text,
	"last_name" text,
	"ownership_type" "ownership_type",
	"fed_tx_id_enc" text,
	"fed_tx_id_last4" text,
	"business_description" text,
	"start_date" date,
	"business_address_1" text,
	"business_address_2" text,
	"business_city" text,
	"business_state_province" char(2),
	"business_postal_code" text,
	"email" text,
	"business_phone_number" text,
	"website" text,
	"account_number_enc" text,
	"account_number_last4" text,
	"routing_number_enc" text,
	"routing_number_last4" text,
	"account_type" "bank_account_type",
	"payment" "card_processor",
	"card_rate" text,
	"card_p_2c" boolean DEFAULT false NOT NULL,
	"ach" "ach_processor",
	"ach_rate" text,
	"ach_p_2c" boolean DEFAULT false NOT NULL,
	"crypto" "crypto_provider",
	"crypto_rate" text,
	"crypto_p_2c" boolean DEFAULT false NOT NULL,
	"devices" "terminal_provider",
	"settlement" "payout_mode",
	"mcc_code" text,
	"label" text,
	"mark_up" text,
	"rev_share" numeric(5, 2),
	"card_swiped_percent" smallint,
	"keyed_card_present_not_imprinted_percent" smallint,
	"mail_or_phone_order_percent" smallint,
	"internet_percent" smallint,
	"high_ticket_cents" bigint,
	"avg_ticket_cents" bigint,
	"monthly_volume_cents" bigint,
	"monthly_high_volume_cents" bigint,
	"low_rate" text,
	"etf_cents" bigint,
	"reg_fee_cents" bigint,
	"pci_fee_cents" bigint,
	"monthly_fee_cents" bigint,
	"monthly_min_cents" bigint,
	"annual_fee_cents" bigint,
	"chargeback_fee_cents" bigint,
	"retrieval_fee_cents" bigint,
	"ach_noc_cents" bigint,
	"ach_return_cents" bigint,
	"tin_mismatch_cents" bigint,
	"cta_sent_at" timestamp with time zone,
	"agreed_at" timestamp with time zone,
	"agreed_ip" "inet",
	"agreed_user_agent" text,
	"kyc_status" "kyc_status",
	"kyc_checked_at" timestamp with time zone,
	"submitted_by_user_id" uuid,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"rejected_at" timestamp with time zone,
	"rejected_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"enrollment_id" uuid,
	"domain" text,
	"sub_domain" text,
	"category" "note_category" DEFAULT 'note' NOT NULL,
	"comment" text,
	"data" jsonb,
	"origin" text DEFAULT 'Portal' NOT NULL,
	"created_by_user_id" uuid,
	"is_event" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_owner_present" CHECK ("notes"."category" = 'statementNote' or "notes"."client_id" is not null or "notes"."enrollment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "mcc_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"card_rate" text NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mcc_codes_code_four_digits" CHECK ("mcc_codes"."code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "timezones" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"status" "merchant_state" NOT NULL,
	"changed_by_user_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_note_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_created_at" timestamp with time zone,
	"client_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"payout_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_created_at" timestamp with time zone NOT NULL,
	"auth_amount_cents" bigint NOT NULL,
	"net_amount_cents" bigint NOT NULL,
	CONSTRAINT "payout_items_payout_id_transaction_id_pk" PRIMARY KEY("payout_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"settlement_id" uuid,
	"payout_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"processor" "processor" NOT NULL,
	"status" "payout_status" DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"settlement_date" date NOT NULL,
	"processor" "processor" NOT NULL,
	"transaction_count" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"adjustments_cents" bigint DEFAULT 0 NOT NULL,
	"chargebacks_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"processor" "processor" NOT NULL,
	"statement_date" date NOT NULL,
	"detail_description" text NOT NULL,
	"item_count" integer NOT NULL,
	"volume_cents" bigint NOT NULL,
	"rate_percent" numeric(9, 4) NOT NULL,
	"per_item_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"pricing" text,
	"transaction_count" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"flat_fee_cents" bigint NOT NULL,
	"item_fee_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"month" date NOT NULL,
	"total_transactions" integer NOT NULL,
	"total_amount_cents" bigint NOT NULL,
	"total_fees_cents" bigint NOT NULL,
	"total_adjustments_cents" bigint NOT NULL,
	"chargebacks_and_reversals_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"scheduled_for" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "subscription_charge_status" DEFAULT 'scheduled' NOT NULL,
	"transaction_id" uuid,
	"transaction_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"customer_id" uuid,
	"payment_method_id" uuid,
	"token" text NOT NULL,
	"email" text NOT NULL,
	"description" text,
	"amount_cents" bigint NOT NULL,
	"interval" "subscription_interval" NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"cycles" integer,
	"cycles_completed" integer DEFAULT 0 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_charge_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_positive" CHECK ("subscriptions"."amount_cents" > 0),
	CONSTRAINT "subscriptions_frequency_positive" CHECK ("subscriptions"."frequency" >= 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"on_behalf_of_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"client_id" uuid,
	"outcome" "audit_outcome" NOT NULL,
	"ip" "inet",
	"user_agent" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_addresses" text[] NOT NULL,
	"subject" text NOT NULL,
	"body_html" text,
	"body_text" text,
	"status" "email_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"anchor_date" date NOT NULL,
	"transactions" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"target_url" text NOT NULL,
	"client_id" uuid,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"sub_entity_id" uuid,
	"name" text,
	"sn" text,
	"tpn" text,
	"lane_id" text NOT NULL,
	"register_id" text,
	"auth_key_enc" text,
	"auth_key_last4" text,
	"terminal_type" "terminal_device_type" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_terminal_urls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"url_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Partitioned by month on created_at (edited by hand after drizzle-kit generate; the snapshot only
-- knows the composite primary key). Reports always filter a date range, so the planner prunes to a
-- few months; retention detaches or drops whole months instead of running a long DELETE. The primary
-- key must contain the partition key, hence (id, created_at), and no other table can hold a foreign
-- key to a transaction by id alone: they keep transaction_id (+ transaction_created_at) without one.
CREATE TABLE "transactions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"sub_entity_id" uuid,
	"customer_id" uuid,
	"type" "transaction_type" NOT NULL,
	"action" text,
	"action_mode" "action_mode",
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"surcharge_cents" bigint DEFAULT 0 NOT NULL,
	"payment_status" boolean,
	"request_status" boolean DEFAULT true NOT NULL,
	"status" text,
	"card_brand" text,
	"card_type" text,
	"pro_pay_status" "pro_pay_status",
	"processor" "processor",
	"payment_method" text,
	"last4" text,
	"token" text,
	"customer_first_name" text,
	"customer_last_name" text,
	"customer_email" text,
	"original_transaction_id" uuid,
	"settlement_amount_cents" bigint,
	"settlement_date" date,
	"api_response" jsonb,
	"third_party_api_response" jsonb,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "grid_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"user_type" "user_type" NOT NULL,
	"label" "user_label",
	"is_processor_audit_user" boolean DEFAULT false NOT NULL,
	"is_demo_user" boolean DEFAULT false NOT NULL,
	"default_client_id" uuid,
	"is_locked_out" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"user_customizations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "vault_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone_number" text,
	"patient_number" text,
	"patient_first_name" text,
	"patient_last_name" text,
	"external_id" text,
	"billing_region" text,
	"billing_locality" text,
	"billing_address_line_1" text,
	"billing_address_line_2" text,
	"billing_country" text,
	"billing_postal_code" text,
	"shipping_region" text,
	"shipping_locality" text,
	"shipping_address_line_1" text,
	"shipping_address_line_2" text,
	"shipping_country" text,
	"shipping_postal_code" text,
	"payment_request_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token" text NOT NULL,
	"issuer" "vault_issuer" NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint,
	"exp_year" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_payment_methods_dedup_unique" UNIQUE NULLS NOT DISTINCT("customer_id","issuer","last4","exp_month","exp_year"),
	CONSTRAINT "vault_payment_methods_last4" CHECK ("vault_payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "vault_payment_methods_exp_month" CHECK ("vault_payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_name_permissions_name_fk" FOREIGN KEY ("permission_name") REFERENCES "public"."permissions"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_entities" ADD CONSTRAINT "sub_entities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_entity_mid_overrides" ADD CONSTRAINT "sub_entity_mid_overrides_sub_entity_id_sub_entities_id_fk" FOREIGN KEY ("sub_entity_id") REFERENCES "public"."sub_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sub_entities" ADD CONSTRAINT "user_sub_entities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sub_entities" ADD CONSTRAINT "user_sub_entities_sub_entity_id_sub_entities_id_fk" FOREIGN KEY ("sub_entity_id") REFERENCES "public"."sub_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD CONSTRAINT "login_tokens_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_view_as_client_id_clients_id_fk" FOREIGN KEY ("view_as_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_mimicked_by_user_id_users_id_fk" FOREIGN KEY ("mimicked_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_line_items" ADD CONSTRAINT "billing_line_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_billing" ADD CONSTRAINT "monthly_billing_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolling_billing" ADD CONSTRAINT "rolling_billing_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_bank_accounts" ADD CONSTRAINT "client_bank_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_configs" ADD CONSTRAINT "client_configs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_custom_fields" ADD CONSTRAINT "client_custom_fields_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_keystore" ADD CONSTRAINT "client_keystore_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_mcc_configs" ADD CONSTRAINT "client_mcc_configs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_mcc_configs" ADD CONSTRAINT "client_mcc_configs_mcc_code_mcc_codes_code_fk" FOREIGN KEY ("mcc_code") REFERENCES "public"."mcc_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_pricing" ADD CONSTRAINT "client_pricing_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_principals" ADD CONSTRAINT "client_principals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_parent_id_clients_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_mcc_code_mcc_codes_code_fk" FOREIGN KEY ("mcc_code") REFERENCES "public"."mcc_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_labels" ADD CONSTRAINT "white_labels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_tests" ADD CONSTRAINT "certification_tests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_principals" ADD CONSTRAINT "enrollment_principals_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_parent_id_clients_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_mcc_code_mcc_codes_code_fk" FOREIGN KEY ("mcc_code") REFERENCES "public"."mcc_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_rejected_by_user_id_users_id_fk" FOREIGN KEY ("rejected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_status_history" ADD CONSTRAINT "merchant_status_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_status_history" ADD CONSTRAINT "merchant_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_note_attachments" ADD CONSTRAINT "transaction_note_attachments_note_id_transaction_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."transaction_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_notes" ADD CONSTRAINT "transaction_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_notes" ADD CONSTRAINT "transaction_notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_fees" ADD CONSTRAINT "processor_fees_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_vault_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."vault_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_vault_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."vault_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_sub_entity_id_sub_entities_id_fk" FOREIGN KEY ("sub_entity_id") REFERENCES "public"."sub_entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_terminal_urls" ADD CONSTRAINT "virtual_terminal_urls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sub_entity_id_sub_entities_id_fk" FOREIGN KEY ("sub_entity_id") REFERENCES "public"."sub_entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_vault_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."vault_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_configs" ADD CONSTRAINT "grid_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_client_id_clients_id_fk" FOREIGN KEY ("default_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_customers" ADD CONSTRAINT "vault_customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_payment_methods" ADD CONSTRAINT "vault_payment_methods_customer_id_vault_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."vault_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_client_unique" ON "memberships" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "memberships_client_id_idx" ON "memberships" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "memberships_role_id_idx" ON "memberships" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_client_name_unique" ON "roles" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_entities_client_name_unique" ON "sub_entities" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_entity_mid_overrides_unique" ON "sub_entity_mid_overrides" USING btree ("sub_entity_id","payment_processor");--> statement-breakpoint
CREATE INDEX "user_sub_entities_sub_entity_id_idx" ON "user_sub_entities" USING btree ("sub_entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_issuer_subject_unique" ON "identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "identities_user_id_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_tokens_token_hash_unique" ON "login_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_tokens_email_created_at_idx" ON "login_tokens" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "billing_line_items_client_date_idx" ON "billing_line_items" USING btree ("client_id","statement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_billing_client_month_unique" ON "monthly_billing" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "monthly_billing_month_idx" ON "monthly_billing" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "rolling_billing_client_date_unique" ON "rolling_billing" USING btree ("client_id","central_processing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "client_bank_accounts_one_primary" ON "client_bank_accounts" USING btree ("client_id") WHERE "client_bank_accounts"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "client_custom_fields_client_name_unique" ON "client_custom_fields" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "client_mcc_configs_client_mcc_unique" ON "client_mcc_configs" USING btree ("client_id","mcc_code");--> statement-breakpoint
CREATE UNIQUE INDEX "client_principals_client_position_unique" ON "client_principals" USING btree ("client_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_api_key_unique" ON "clients" USING btree ("api_key");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_public_key_unique" ON "clients" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_sandbox_api_key_unique" ON "clients" USING btree ("sandbox_api_key");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_hashcode_unique" ON "clients" USING btree ("hashcode");--> statement-breakpoint
CREATE INDEX "clients_parent_id_idx" ON "clients" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "clients_level_name_idx" ON "clients" USING btree ("level","name");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_cost_models_unique" ON "processor_cost_models" USING btree ("processor","card_brand","card_type","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_tests_client_endpoint_unique" ON "certification_tests" USING btree ("client_id","required_endpoint");--> statement-breakpoint
CREATE INDEX "developer_registrations_email_idx" ON "developer_registrations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_unique" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_client_uploaded_idx" ON "documents" USING btree ("client_id","date_time_uploaded");--> statement-breakpoint
CREATE INDEX "documents_enrollment_uploaded_idx" ON "documents" USING btree ("enrollment_id","date_time_uploaded");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_principals_position_unique" ON "enrollment_principals" USING btree ("enrollment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_client_id_unique" ON "enrollments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "enrollments_parent_created_idx" ON "enrollments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_status_created_idx" ON "enrollments" USING btree ("application_status","created_at");--> statement-breakpoint
CREATE INDEX "notes_client_created_idx" ON "notes" USING btree ("client_id","is_event","created_at");--> statement-breakpoint
CREATE INDEX "notes_enrollment_created_idx" ON "notes" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_category_created_idx" ON "notes" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "merchant_status_history_client_idx" ON "merchant_status_history" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_status_history_created_idx" ON "merchant_status_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transaction_note_attachments_note_idx" ON "transaction_note_attachments" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "transaction_notes_transaction_idx" ON "transaction_notes" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_client_date_idx" ON "payouts" USING btree ("client_id","payout_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_settlement_unique" ON "payouts" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_client_date_processor_unique" ON "settlements" USING btree ("client_id","settlement_date","processor");--> statement-breakpoint
CREATE INDEX "settlements_date_idx" ON "settlements" USING btree ("settlement_date");--> statement-breakpoint
CREATE INDEX "processor_fees_statement_id_idx" ON "processor_fees" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_statement_position_unique" ON "statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_client_month_unique" ON "statements" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_series_date_unique" ON "subscription_charges" USING btree ("subscription_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "subscriptions_client_idx" ON "subscriptions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_date") WHERE "subscriptions"."is_active";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_unique" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_client_lane_unique" ON "terminals" USING btree ("client_id","lane_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_terminal_urls_url_id_unique" ON "virtual_terminal_urls" USING btree ("url_id");--> statement-breakpoint
CREATE INDEX "virtual_terminal_urls_client_idx" ON "virtual_terminal_urls" USING btree ("client_id");--> statement-breakpoint
-- Indexes on the partitioned parent propagate to every partition, present and future.
-- Report page of one merchant, newest first with keyset paging on (created_at, id): ORDER BY
-- created_at DESC, id DESC LIMIT n reads n index entries. Also serves velocity per merchant per hour
-- and the std-dev / high-ticket risk lists, which scan one merchant's date window.
CREATE INDEX "transactions_client_created_idx" ON "transactions" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Admin report over all merchants: the same ordering without the merchant prefix.
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Refunds and voids of one original (refund limit, void/refund eligibility); partial because
-- only follow-up rows carry original_transaction_id.
CREATE INDEX "transactions_original_idx" ON "transactions" USING btree ("original_transaction_id") WHERE "transactions"."original_transaction_id" is not null;--> statement-breakpoint
-- Search by card last four within a merchant and a date range.
CREATE INDEX "transactions_client_last4_idx" ON "transactions" USING btree ("client_id","last4","created_at") WHERE "transactions"."last4" is not null;--> statement-breakpoint
-- Search by customer e-mail (stored lowercased) within a merchant and a date range.
CREATE INDEX "transactions_client_email_idx" ON "transactions" USING btree ("client_id","customer_email","created_at") WHERE "transactions"."customer_email" is not null;--> statement-breakpoint
-- History of one vault customer.
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at") WHERE "transactions"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "grid_configs_user_key_unique" ON "grid_configs" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_default_client_id_idx" ON "users" USING btree ("default_client_id");--> statement-breakpoint
CREATE INDEX "vault_customers_client_last_name_idx" ON "vault_customers" USING btree ("client_id","last_name");--> statement-breakpoint
CREATE INDEX "vault_customers_client_email_idx" ON "vault_customers" USING btree ("client_id","email");--> statement-breakpoint
CREATE INDEX "vault_customers_client_external_id_idx" ON "vault_customers" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE INDEX "vault_customers_client_patient_number_idx" ON "vault_customers" USING btree ("client_id","patient_number");
--> statement-breakpoint
-- Monthly partitions transactions_yYYYYmMM from from_month to to_month, created when missing, so it
-- is safe to call at every start-up and from a monthly job. Rows that fell into the default partition
-- for a month are moved into the new month's partition. Bounds are UTC month starts. Returns the
-- number of partitions created.
CREATE OR REPLACE FUNCTION ensure_transaction_partitions(from_month date, to_month date)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  month_start date := date_trunc('month', from_month)::date;
  last_month date := date_trunc('month', to_month)::date;
  lower_bound timestamptz;
  upper_bound timestamptz;
  partition_name text;
  created integer := 0;
BEGIN
  WHILE month_start <= last_month LOOP
    partition_name := format('transactions_y%sm%s', to_char(month_start, 'YYYY'), to_char(month_start, 'MM'));
    lower_bound := month_start::timestamp AT TIME ZONE 'UTC';
    upper_bound := (month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    IF to_regclass(partition_name) IS NULL THEN
      IF EXISTS (SELECT 1 FROM transactions_default WHERE created_at >= lower_bound AND created_at < upper_bound) THEN
        EXECUTE format('CREATE TABLE %I (LIKE transactions INCLUDING DEFAULTS)', partition_name);
        EXECUTE format(
          'WITH moved AS (DELETE FROM transactions_default WHERE created_at >= %L AND created_at < %L RETURNING *) '
          'INSERT INTO %I SELECT * FROM moved',
          lower_bound, upper_bound, partition_name);
        EXECUTE format('ALTER TABLE transactions ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
          partition_name, lower_bound, upper_bound);
      ELSE
        EXECUTE format('CREATE TABLE %I PARTITION OF transactions FOR VALUES FROM (%L) TO (%L)',
          partition_name, lower_bound, upper_bound);
      END IF;
      created := created + 1;
    END IF;
    month_start := (month_start + interval '1 month')::date;
  END LOOP;
  RETURN created;
END
$$;
--> statement-breakpoint
-- Catches rows outside the prepared months (a late clock, a far back-dated import) instead of failing
-- the insert; ensure_transaction_partitions moves them out when their month is created.
CREATE TABLE "transactions_default" PARTITION OF "transactions" DEFAULT;
--> statement-breakpoint
-- 13 months back (a year of reports plus the current month) to 2 months ahead; start-up and a
-- monthly job call the function again to keep the window moving.
SELECT ensure_transaction_partitions((now() - interval '13 months')::date, (now() + interval '2 months')::date);
--> statement-breakpoint
-- The audit trail is append-only: no UPDATE, no DELETE, even by the application.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
