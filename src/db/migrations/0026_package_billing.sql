ALTER TABLE "subscription_payments" DROP CONSTRAINT "subscription_payments_status";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_state";--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "card_token_id" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "saved_card_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renew_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("renews_at") WHERE "subscriptions"."state" = 'active';--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_status" CHECK ("subscription_payments"."status" in ('succeeded','failed','requires_action'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_state" CHECK ("subscriptions"."state" in ('active','replaced','canceled','expired'));