CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_name" text NOT NULL,
	"address_phone" text NOT NULL,
	"street_address" text NOT NULL,
	"route" text,
	"street_number" text,
	"country" text DEFAULT 'MX' NOT NULL,
	"administrative_area_level_1" text,
	"administrative_area_level_2" text,
	"administrative_area_level_3" text,
	"administrative_area_level_4" text,
	"administrative_area_level_5" text,
	"locality" text,
	"sublocality" text,
	"postal_code" text NOT NULL,
	"formatted_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"anonymous_id" text,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"card_type" text NOT NULL,
	"bank" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"sandbox_behaviour" text NOT NULL,
	"fingerprint" text NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variant_key" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_amount" CHECK ("cart_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"share_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_share_slug_unique" UNIQUE("share_slug")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"user_id" uuid,
	"anonymous_id" text,
	"guest_email" "citext",
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"items_total" integer NOT NULL,
	"contact" jsonb,
	"address_id" uuid,
	"address" jsonb,
	"delivery_type" text,
	"delivery" jsonb,
	"shipping_total" integer DEFAULT 0 NOT NULL,
	"shipping_days" integer,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invoicing" jsonb,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"restarts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_payment_token_unique" UNIQUE("payment_token"),
	CONSTRAINT "checkouts_status" CHECK ("checkouts"."status" in ('open','placed','completed','canceled','expired')),
	CONSTRAINT "checkouts_source" CHECK ("checkouts"."source" in ('cart','buy_now')),
	CONSTRAINT "checkouts_buyer" CHECK ("checkouts"."user_id" is not null or "checkouts"."anonymous_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "order_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"machine" text NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_history_machine" CHECK ("order_history"."machine" in ('status','payment','fulfillment'))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"type" text NOT NULL,
	"unit_price" integer NOT NULL,
	"crossout_price" integer,
	"amount" integer NOT NULL,
	"line_total" integer NOT NULL,
	"currency" text NOT NULL,
	"is_dropshipping" boolean DEFAULT true NOT NULL,
	"owner" uuid,
	"experience_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_role" text NOT NULL,
	"visibility" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_visibility" CHECK ("order_notes"."visibility" in ('client','internal'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"checkout_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"user_id" uuid,
	"anonymous_id" text,
	"guest_email" "citext",
	"contact" jsonb NOT NULL,
	"address" jsonb,
	"delivery_type" text,
	"delivery" jsonb,
	"status" text DEFAULT 'sent_to_supplier' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL,
	"payment_type" text NOT NULL,
	"payment_flow" text NOT NULL,
	"payment_method" jsonb,
	"payment_token" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"items_total" integer NOT NULL,
	"shipping_total" integer NOT NULL,
	"extra_charge" integer DEFAULT 0 NOT NULL,
	"order_total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"estimated_delivery_date" date,
	"confirmed_shipping_cost" integer,
	"shipping_days" integer,
	"tracking_number" text,
	"cancel_reason" text,
	"cancel_description" text,
	"invoicing" jsonb,
	"is_courtesy" boolean DEFAULT false NOT NULL,
	"return_deadline" timestamp with time zone,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "orders_payment_token_unique" UNIQUE("payment_token"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('sent_to_supplier','seller_confirmed','customer_confirmed','in_process','ready_to_deliver','delivered','canceled')),
	CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending','authorized','paid','failed','refunded','partially_refunded')),
	CONSTRAINT "orders_fulfillment_status" CHECK ("orders"."fulfillment_status" in ('unfulfilled','preparing','ready','shipped','delivered','canceled')),
	CONSTRAINT "orders_money" CHECK ("orders"."items_total" >= 0 and "orders"."shipping_total" >= 0 and "orders"."extra_charge" >= 0 and "orders"."amount_paid" >= 0 and "orders"."amount_refunded" >= 0 and "orders"."amount_refunded" <= "orders"."amount_paid"),
	CONSTRAINT "orders_cancel_reason" CHECK ("orders"."cancel_reason" is null or "orders"."cancel_reason" in ('requested_by_client','cannot_be_fulfilled','duplicated_transaction','suspected_fraud','other'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"payment_type" text NOT NULL,
	"flow" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_ref" text NOT NULL,
	"kind" text DEFAULT 'order' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"installments" integer,
	"card" jsonb,
	"card_token_id" text,
	"next_action_url" text,
	"reference" text,
	"reference_expires_at" timestamp with time zone,
	"reference_details" jsonb,
	"return_path" text,
	"cancel_path" text,
	"failure_code" text,
	"failure_message" text,
	"sandbox_behaviour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('created','pending','requires_action','authorized','succeeded','failed','canceled','expired')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_installments" CHECK ("payments"."installments" is null or "payments"."installments" in (3,6,9,12))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending','failed','success'))
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"card_type" text NOT NULL,
	"bank" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"sandbox_behaviour" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "stock_reservations_quantity" CHECK ("stock_reservations"."quantity" > 0),
	CONSTRAINT "stock_reservations_status" CHECK ("stock_reservations"."status" in ('active','allocated','released'))
);
--> statement-breakpoint
CREATE TABLE "supplier_branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"address" jsonb NOT NULL,
	"hours" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD CONSTRAINT "order_attendees_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD CONSTRAINT "order_attendees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_branches" ADD CONSTRAINT "supplier_branches_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line" ON "cart_items" USING btree ("cart_id","product_id","variant_key");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_shop_user" ON "carts" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "checkouts_expiring" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" in ('open','placed');--> statement-breakpoint
CREATE INDEX "checkouts_owner" ON "checkouts" USING btree ("user_id","supplier_id","status");--> statement-breakpoint
CREATE INDEX "checkouts_anonymous" ON "checkouts" USING btree ("anonymous_id");--> statement-breakpoint
CREATE INDEX "order_attendees_order" ON "order_attendees" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_history_order" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_notes_order" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_supplier" ON "orders" USING btree ("supplier_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_anonymous" ON "orders" USING btree ("anonymous_id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_user_fingerprint" ON "saved_cards" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "stock_reservations_checkout" ON "stock_reservations" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_active" ON "stock_reservations" USING btree ("expires_at") WHERE "stock_reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "supplier_branches_supplier" ON "supplier_branches" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_event" ON "webhook_inbox" USING btree ("provider","event_id");