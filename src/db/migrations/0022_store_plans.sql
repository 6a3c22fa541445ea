CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid,
	"shop_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"card" jsonb,
	"failure_code" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_amount" CHECK ("subscription_payments"."amount" > 0),
	CONSTRAINT "subscription_payments_status" CHECK ("subscription_payments"."status" in ('succeeded','failed'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renews_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_state" CHECK ("subscriptions"."state" in ('active','replaced','canceled')),
	CONSTRAINT "subscriptions_period" CHECK ("subscriptions"."renews_at" > "subscriptions"."started_at")
);
--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_key" ON "subscription_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "subscription_payments_shop" ON "subscription_payments" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active" ON "subscriptions" USING btree ("shop_id") WHERE "subscriptions"."state" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
-- custom:
-- The four plans of seed 001 §3/§9 exist on every installation (packages are sold without the demo data too).
INSERT INTO "plans" ("id", "name", "price", "currency", "periodicity", "plan_commission_rate", "contribution_margin") VALUES
  ('plan_profesional', 'Plan Profesional', 19900, 'MXN', 'month', '0.5', 9950),
  ('tienda_en_linea', 'Tienda en Línea', 19900, 'MXN', 'month', '0.5', 9950),
  ('negocio_digital', 'Negocio Digital', 19900, 'MXN', 'month', '0.5', 9950),
  ('facturacion_electronica', 'Facturación Electrónica', 19900, 'MXN', 'month', '0.5', 9950)
ON CONFLICT ("id") DO NOTHING;
