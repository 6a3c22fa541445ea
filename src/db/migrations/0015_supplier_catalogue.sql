CREATE TABLE "supplier_members" (
	"supplier_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "supplier_members_supplier_id_user_id_pk" PRIMARY KEY("supplier_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "product_variant_stock" (
	"product_id" uuid NOT NULL,
	"variant_key" text NOT NULL,
	"variant" jsonb NOT NULL,
	"stock_on_hand" integer DEFAULT 0 NOT NULL,
	"stock_reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variant_stock_product_id_variant_key_pk" PRIMARY KEY("product_id","variant_key"),
	CONSTRAINT "product_variant_stock_nonneg" CHECK ("product_variant_stock"."stock_on_hand" >= 0 and "product_variant_stock"."stock_reserved" >= 0 and "product_variant_stock"."stock_reserved" <= "product_variant_stock"."stock_on_hand")
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "courier_shipping" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "payment_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "invoicing" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_g" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "experience_place" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "experience_capacity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attendee_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD COLUMN "variant_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_members" ADD CONSTRAINT "supplier_members_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_members" ADD CONSTRAINT "supplier_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_stock" ADD CONSTRAINT "product_variant_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_members_user" ON "supplier_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_supplier" ON "products" USING btree ("supplier_id","updated_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_list_state" CHECK ("products"."list_state" in ('published','unpublished'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight" CHECK ("products"."weight_g" is null or "products"."weight_g" > 0);