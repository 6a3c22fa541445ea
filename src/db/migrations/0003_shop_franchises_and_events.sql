CREATE TABLE "shop_franchises" (
	"shop_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_franchises_shop_id_franchise_id_pk" PRIMARY KEY("shop_id","franchise_id"),
	CONSTRAINT "shop_franchises_not_self" CHECK ("shop_franchises"."shop_id" <> "shop_franchises"."franchise_id")
);
--> statement-breakpoint
ALTER TABLE "shop_franchises" ADD CONSTRAINT "shop_franchises_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_franchises" ADD CONSTRAINT "shop_franchises_franchise_id_shops_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Shop changes are announced on shop_events (payload: the shop id) so every app process drops what it keeps
-- about that shop (rendered pages of src/lib/server/page-cache.ts).
CREATE OR REPLACE FUNCTION public.shop_events_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shops_notify AFTER UPDATE OR DELETE ON "shops" FOR EACH ROW EXECUTE FUNCTION public.shop_events_notify();
--> statement-breakpoint
-- A shop's franchise list changes what its home page shows.
CREATE OR REPLACE FUNCTION public.shop_franchises_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', COALESCE(NEW.shop_id, OLD.shop_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shop_franchises_notify AFTER INSERT OR UPDATE OR DELETE ON "shop_franchises" FOR EACH ROW EXECUTE FUNCTION public.shop_franchises_notify();
