CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"main_type" text DEFAULT 'referral' NOT NULL,
	"slug" "citext" NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "profiles_main_type" CHECK ("profiles"."main_type" in ('affinity','dssupplier','referral'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" "citext" NOT NULL,
	"pin_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"user_level" text DEFAULT 'ul0',
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_level" CHECK ("users"."user_level" is null or "users"."user_level" in ('ul0','ul1','ul2','ul3'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"periodicity" text DEFAULT 'month' NOT NULL,
	"plan_commission_rate" text DEFAULT '0.5' NOT NULL,
	"contribution_margin" integer NOT NULL,
	CONSTRAINT "plans_id" CHECK ("plans"."id" in ('plan_profesional','tienda_en_linea','negocio_digital','facturacion_electronica'))
);
--> statement-breakpoint
CREATE TABLE "shop_memberships" (
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "shop_memberships_shop_id_user_id_pk" PRIMARY KEY("shop_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" uuid,
	"slug" "citext" NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"photo_display" text DEFAULT 'bdr_cir' NOT NULL,
	"favicon" text,
	"seo_description" text,
	"hidden_store_name" boolean DEFAULT false NOT NULL,
	"hidden_search_bar" boolean DEFAULT false NOT NULL,
	"hidden_affinity_xheader" boolean DEFAULT false NOT NULL,
	"hidden_darkmode" boolean DEFAULT false NOT NULL,
	"darkmode" boolean DEFAULT false NOT NULL,
	"hidden_affiliate_banner" boolean DEFAULT false NOT NULL,
	"hidden_dssupplier_banner" boolean DEFAULT false NOT NULL,
	"affiliate_landing" text,
	"dssupplier_landing" text,
	"adornment_type" text,
	"canonical_url" text,
	"domain" "citext",
	"store_type" text DEFAULT 'affiliate' NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"signup_plan" text,
	"fb_pixel" text,
	"live_chat_license" integer,
	"whatsapp_phone" text,
	"whatsapp_country_code" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_country_code" text,
	"about_entry_id" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"youtube" text,
	"twitch" text,
	"kick" text,
	"discord" text,
	"footer_bg" text,
	"footer_fg" text,
	"footer_style" text,
	"users_support_url" text,
	"franchise_support_url" text,
	"affiliate_support_url" text,
	"root_affinity_store_id" uuid,
	"theme_pack" text DEFAULT 'basic' NOT NULL,
	"store_theme_info" jsonb NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_slug_unique" UNIQUE("slug"),
	CONSTRAINT "shops_domain_unique" UNIQUE("domain"),
	CONSTRAINT "shops_store_type" CHECK ("shops"."store_type" in ('franchise','affinity','affiliate')),
	CONSTRAINT "shops_photo_display" CHECK ("shops"."photo_display" in ('bdr_cir','cir','bdr_sq','sq','bdr_rec','rec')),
	CONSTRAINT "shops_slug_format" CHECK ("shops"."slug"::text ~ '^[a-z0-9][a-z0-9-]{1,62}$')
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"is_configured" boolean DEFAULT true NOT NULL,
	"enabled_payment_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"fixed_shipping_cost" integer,
	"fixed_shipping_days" integer,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_profile_id_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"catalogue_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_products_catalogue_id_product_id_pk" PRIMARY KEY("catalogue_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"owner" uuid,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"icon_class" text,
	"origin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogues_name_len" CHECK (char_length("catalogues"."name") between 1 and 150)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" uuid NOT NULL,
	"supplier_id" uuid,
	"type" text NOT NULL,
	"main_type" text DEFAULT 'business' NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"list_price" integer NOT NULL,
	"crossout_price" integer,
	"hide_price" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"is_dropshipping" boolean DEFAULT true NOT NULL,
	"contribution_margin" integer DEFAULT 0 NOT NULL,
	"list_state" text DEFAULT 'published' NOT NULL,
	"hiden" boolean DEFAULT false NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"experience_date" timestamp with time zone,
	"experience_available" boolean DEFAULT true NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plain_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"stock_type" text DEFAULT 'onstock' NOT NULL,
	"stock_on_hand" integer DEFAULT 0 NOT NULL,
	"stock_reserved" integer DEFAULT 0 NOT NULL,
	"max_purchase_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('product','service','experience')),
	CONSTRAINT "products_stock_type_check" CHECK ("products"."stock_type" in ('onstock','ondemand')),
	CONSTRAINT "products_stock_nonneg" CHECK ("products"."stock_on_hand" >= 0 and "products"."stock_reserved" >= 0 and "products"."stock_reserved" <= "products"."stock_on_hand" or "products"."stock_type" = 'ondemand'),
	CONSTRAINT "products_price_nonneg" CHECK ("products"."list_price" >= 0),
	CONSTRAINT "products_max_purchase" CHECK ("products"."max_purchase_amount" is null or "products"."max_purchase_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" uuid,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_memberships" ADD CONSTRAINT "shop_memberships_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_memberships" ADD CONSTRAINT "shop_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_root_affinity_store_id_shops_id_fk" FOREIGN KEY ("root_affinity_store_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_pins_email" ON "sign_in_pins" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "shop_memberships_user" ON "shop_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalogue_products_order" ON "catalogue_products" USING btree ("catalogue_id","queue_position");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogues_shop_slug" ON "catalogues" USING btree ("shop_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_owner_slug" ON "products" USING btree ("owner","slug");--> statement-breakpoint
CREATE INDEX "products_type" ON "products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "shop_products_order" ON "shop_products" USING btree ("shop_id","queue_position");--> statement-breakpoint
CREATE INDEX "media_owner" ON "media" USING btree ("owner");