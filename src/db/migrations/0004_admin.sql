CREATE TABLE "shop_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"hzt_image" text,
	"vrt_image" text,
	"hzt_image_id" uuid,
	"vrt_image_id" uuid,
	"action_type" text DEFAULT 'none' NOT NULL,
	"url" text,
	"url_target" text DEFAULT '_self' NOT NULL,
	"product" uuid,
	"product_supplier" uuid,
	"target" text DEFAULT 'all' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_banners_action_type" CHECK ("shop_banners"."action_type" in ('none','product','url','signup')),
	CONSTRAINT "shop_banners_target" CHECK ("shop_banners"."target" in ('all','anon','ul0','ul1','ul2')),
	CONSTRAINT "shop_banners_url_target" CHECK ("shop_banners"."url_target" in ('_self','_blank'))
);
--> statement-breakpoint
CREATE TABLE "shop_headers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"action_type" text DEFAULT 'none' NOT NULL,
	"url" text,
	"button_label" text,
	"product" uuid,
	"product_supplier" uuid,
	"target" text DEFAULT 'all' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_headers_title_len" CHECK (char_length("shop_headers"."title") between 1 and 30),
	CONSTRAINT "shop_headers_subtitle_len" CHECK ("shop_headers"."subtitle" is null or char_length("shop_headers"."subtitle") <= 40),
	CONSTRAINT "shop_headers_description_len" CHECK ("shop_headers"."description" is null or char_length("shop_headers"."description") <= 130),
	CONSTRAINT "shop_headers_action_type" CHECK ("shop_headers"."action_type" in ('none','url','product','signup')),
	CONSTRAINT "shop_headers_target" CHECK ("shop_headers"."target" in ('all','anon','ul0','ul1','ul2')),
	CONSTRAINT "shop_headers_button_label" CHECK ("shop_headers"."button_label" is null or "shop_headers"."button_label" in ('signup','signupnow','signupfree','startnow','buynow','more'))
);
--> statement-breakpoint
CREATE TABLE "shop_themes" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"draft_version" integer DEFAULT 1 NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_hzt_image_id_media_id_fk" FOREIGN KEY ("hzt_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_vrt_image_id_media_id_fk" FOREIGN KEY ("vrt_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_product_products_id_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_banners" ADD CONSTRAINT "shop_banners_product_supplier_profiles_id_fk" FOREIGN KEY ("product_supplier") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_headers" ADD CONSTRAINT "shop_headers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_headers" ADD CONSTRAINT "shop_headers_product_products_id_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_headers" ADD CONSTRAINT "shop_headers_product_supplier_profiles_id_fk" FOREIGN KEY ("product_supplier") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_themes" ADD CONSTRAINT "shop_themes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_themes" ADD CONSTRAINT "shop_themes_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_banners_shop" ON "shop_banners" USING btree ("shop_id","position");--> statement-breakpoint
CREATE INDEX "shop_headers_shop" ON "shop_headers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_headers_one_active" ON "shop_headers" USING btree ("shop_id") WHERE "shop_headers"."active";--> statement-breakpoint
-- Shop administration changes that show on the public storefront are announced on shop_events (payload: the shop
-- id), like changes of the shops row, so every app process drops its cached pages of that shop at once
-- (src/lib/server/page-cache.ts): a published theme (not draft saves: drafts are only shown to admins, who are
-- never served from the cache), banners, and the shop's catalogues (create, rename, delete: deleting a catalogue
-- cascades its product rows without a product event).
CREATE OR REPLACE FUNCTION public.shop_id_events_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', COALESCE(NEW.shop_id, OLD.shop_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shop_themes_notify AFTER INSERT OR DELETE OR UPDATE OF published ON "shop_themes"
  FOR EACH ROW EXECUTE FUNCTION public.shop_id_events_notify();
--> statement-breakpoint
CREATE TRIGGER shop_banners_notify AFTER INSERT OR UPDATE OR DELETE ON "shop_banners"
  FOR EACH ROW EXECUTE FUNCTION public.shop_id_events_notify();
--> statement-breakpoint
CREATE TRIGGER catalogues_notify AFTER INSERT OR UPDATE OR DELETE ON "catalogues"
  FOR EACH ROW EXECUTE FUNCTION public.shop_id_events_notify();
