CREATE TABLE "shop_item_search" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"type" text NOT NULL,
	"queue_position" integer NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "shop_item_search_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "shop_item_search" ADD CONSTRAINT "shop_item_search_link_fk" FOREIGN KEY ("shop_id","product_id") REFERENCES "public"."shop_products"("shop_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_item_search_product" ON "shop_item_search" USING btree ("product_id");--> statement-breakpoint
-- Large catalogues (issue 16): a store's search ranks every name that contains a broad word ('café' in 10,500 of
-- 100,000 names). Reading those from products touched most of its 1.3 KB rows (descriptions, the tsvector);
-- shop_item_search holds what ranking a name needs (with the store's order for ties), per store link and only for visible items, so the same
-- ranking reads ~1,300 narrow pages. Kept by the three triggers below; links that go (and products, through them)
-- take their rows with them by the foreign key's cascade.
CREATE INDEX "shop_item_search_name_trgm" ON "shop_item_search" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- Items added to stores, one statement for a bulk insert. FOR SHARE waits for a concurrent rename or hiding of
-- the item to commit and reads its result (which, committed first, could not see this link yet).
CREATE OR REPLACE FUNCTION public.item_search_links() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.shop_item_search (shop_id, product_id, type, queue_position, search_name)
    SELECT s.shop_id, s.product_id, p.type, s.queue_position, p.search_name FROM new_rows s JOIN public.products p ON p.id = s.product_id
    WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
    FOR SHARE OF p
  ON CONFLICT (shop_id, product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_products_search_ins" AFTER INSERT ON "shop_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_search_links();
--> statement-breakpoint
-- A store's new order (moves shift the positions of the items between), as one statement.
CREATE OR REPLACE FUNCTION public.item_search_order() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.shop_item_search s SET queue_position = n.queue_position
    FROM new_rows n WHERE s.shop_id = n.shop_id AND s.product_id = n.product_id AND s.queue_position <> n.queue_position;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_products_search_upd" AFTER UPDATE ON "shop_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_search_order();
--> statement-breakpoint
-- A renamed item, or one whose type or visibility changed, in every store that has it. The WHEN clause keeps
-- checkout's stock updates (the most frequent product writes) from calling the function at all.
CREATE OR REPLACE FUNCTION public.item_search_product() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.list_state = 'published' AND NOT NEW.hiden AND NOT NEW.disabled THEN
    INSERT INTO public.shop_item_search AS s (shop_id, product_id, type, queue_position, search_name)
      SELECT sp.shop_id, NEW.id, NEW.type, sp.queue_position, NEW.search_name FROM public.shop_products sp WHERE sp.product_id = NEW.id
      ON CONFLICT (shop_id, product_id) DO UPDATE SET type = excluded.type, search_name = excluded.search_name;
  ELSE
    DELETE FROM public.shop_item_search WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_upd" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.name, OLD.type, OLD.list_state, OLD.hiden, OLD.disabled) IS DISTINCT FROM (NEW.name, NEW.type, NEW.list_state, NEW.hiden, NEW.disabled))
  EXECUTE FUNCTION public.item_search_product();
--> statement-breakpoint
INSERT INTO "shop_item_search" (shop_id, product_id, type, queue_position, search_name)
  SELECT sp.shop_id, sp.product_id, p.type, sp.queue_position, p.search_name FROM "shop_products" sp JOIN "products" p ON p.id = sp.product_id
  WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled;
