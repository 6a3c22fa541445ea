CREATE TABLE "return_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" uuid,
	"amount" integer,
	"visibility" text DEFAULT 'client' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_history_event" CHECK ("return_history"."event" in ('open','note','refund','refund_failed','close')),
	CONSTRAINT "return_history_visibility" CHECK ("return_history"."visibility" in ('client','internal'))
);
--> statement-breakpoint
CREATE TABLE "return_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_role" text NOT NULL,
	"visibility" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_notes_visibility" CHECK ("return_notes"."visibility" in ('client','internal')),
	CONSTRAINT "return_notes_role" CHECK ("return_notes"."author_role" in ('customer','supplier'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_photos_type" CHECK ("return_photos"."content_type" in ('image/jpeg','image/png'))
);
--> statement-breakpoint
CREATE TABLE "return_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"failure_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "return_refunds_amount" CHECK ("return_refunds"."amount" > 0),
	CONSTRAINT "return_refunds_status" CHECK ("return_refunds"."status" in ('pending','failed','success'))
);
--> statement-breakpoint
CREATE TABLE "return_request_items" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_request_items_pkey" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_request_items_quantity" CHECK ("return_request_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "return_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"reason_group" text NOT NULL,
	"reason" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"conditions_accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "return_requests_status" CHECK ("return_requests"."status" in ('open','closed')),
	CONSTRAINT "return_requests_closed" CHECK (("return_requests"."status" = 'closed') = ("return_requests"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "supplier_return_policies" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"return_type" text DEFAULT '72hrs' NOT NULL,
	"return_fees" text DEFAULT 'free' NOT NULL,
	"return_policy" text DEFAULT 'common' NOT NULL,
	"return_policy_legend" text,
	"return_shipping_label" text DEFAULT 'inbox' NOT NULL,
	"restocking_fees" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_return_policies_type" CHECK ("supplier_return_policies"."return_type" in ('disallowed','72hrs')),
	CONSTRAINT "supplier_return_policies_fees" CHECK ("supplier_return_policies"."return_fees" in ('customer_all','free','customer_feed','original_fees','restocking_fees')),
	CONSTRAINT "supplier_return_policies_policy" CHECK ("supplier_return_policies"."return_policy" in ('common','customized')),
	CONSTRAINT "supplier_return_policies_label" CHECK ("supplier_return_policies"."return_shipping_label" in ('inbox','download')),
	CONSTRAINT "supplier_return_policies_restocking" CHECK ("supplier_return_policies"."restocking_fees" >= 0),
	CONSTRAINT "supplier_return_policies_legend" CHECK ("supplier_return_policies"."return_policy" <> 'customized' or coalesce("supplier_return_policies"."return_policy_legend", '') <> '')
);
--> statement-breakpoint
ALTER TABLE "return_history" ADD CONSTRAINT "return_history_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_history" ADD CONSTRAINT "return_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_notes" ADD CONSTRAINT "return_notes_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_notes" ADD CONSTRAINT "return_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_policies" ADD CONSTRAINT "supplier_return_policies_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_policies" ADD CONSTRAINT "supplier_return_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_history_return" ON "return_history" USING btree ("return_id","id");--> statement-breakpoint
CREATE INDEX "return_notes_return" ON "return_notes" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_photos_position" ON "return_photos" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_refunds_return" ON "return_refunds" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_refunds_order" ON "return_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_refunds_key" ON "return_refunds" USING btree ("return_id","idempotency_key") WHERE "return_refunds"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "return_request_items_item" ON "return_request_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_number" ON "return_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "return_requests_order" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" = 'open';--> statement-breakpoint
-- Return history is append-only (src/db/schema/returns.ts): rows are never changed or removed.
CREATE OR REPLACE FUNCTION public.return_history_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'return_history is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER return_history_no_update BEFORE UPDATE OR DELETE ON "return_history" FOR EACH ROW EXECUTE FUNCTION public.return_history_append_only();
