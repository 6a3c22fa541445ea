CREATE TABLE "escrow_holds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"release_after" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"holder" uuid,
	"role" text NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_role" CHECK ("ledger_entries"."role" in ('supplier','reseller','promoter','platform','bank','payee')),
	CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" in ('pending','available','payout','revenue','clearing'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"leg" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder" uuid NOT NULL,
	"wallet_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"failure_message" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested','paid','failed'))
);
--> statement-breakpoint
CREATE TABLE "wallet_types" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"cutoff_weekday" integer DEFAULT 5 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_types_currency_unique" UNIQUE("currency"),
	CONSTRAINT "wallet_types_weekday" CHECK ("wallet_types"."cutoff_weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_profile" uuid NOT NULL,
	"followed_profile" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_profile_followed_profile_pk" PRIMARY KEY("follower_profile","followed_profile"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_profile" <> "follows"."followed_profile")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"child_profile" uuid PRIMARY KEY NOT NULL,
	"parent_profile" uuid NOT NULL,
	"shop_id" uuid,
	"campaign" text,
	"click_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."child_profile" <> "referrals"."parent_profile")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "contribution_margin" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD CONSTRAINT "escrow_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_holder_profiles_id_fk" FOREIGN KEY ("holder") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_holder_profiles_id_fk" FOREIGN KEY ("holder") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_wallet_type_wallet_types_id_fk" FOREIGN KEY ("wallet_type") REFERENCES "public"."wallet_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_profile_profiles_id_fk" FOREIGN KEY ("follower_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_profile_profiles_id_fk" FOREIGN KEY ("followed_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_child_profile_profiles_id_fk" FOREIGN KEY ("child_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_parent_profile_profiles_id_fk" FOREIGN KEY ("parent_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escrow_holds_due" ON "escrow_holds" USING btree ("release_after") WHERE "escrow_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_holder" ON "ledger_entries" USING btree ("holder","currency","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_order" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_source" ON "ledger_transactions" USING btree ("source","source_id","leg");--> statement-breakpoint
CREATE INDEX "ledger_transactions_order" ON "ledger_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_key" ON "payouts" USING btree ("holder","idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_open" ON "payouts" USING btree ("requested_at") WHERE "payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "follows_followed" ON "follows" USING btree ("followed_profile");--> statement-breakpoint
CREATE INDEX "referrals_parent" ON "referrals" USING btree ("parent_profile","created_at");--> statement-breakpoint
CREATE INDEX "referrals_campaign" ON "referrals" USING btree ("parent_profile","campaign");--> statement-breakpoint
-- The journal is append-only: a correction is a new transaction, never an edit.
CREATE OR REPLACE FUNCTION public.ledger_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();
--> statement-breakpoint
-- Wallet types (seed 001 §3): the first configured is the default. Weekly cut-off on Fridays.
INSERT INTO "wallet_types" ("id", "currency", "cutoff_weekday", "position") VALUES ('mxn', 'MXN', 5, 0), ('usd', 'USD', 5, 1) ON CONFLICT DO NOTHING;
