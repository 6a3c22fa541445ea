-- Related items on a product page (issue 16, large catalogues): the first items of the store's order of the same
-- type that share tags. Walking the store's links read a 1.3 KB product row for every item passed over (thousands
-- in a 100,000-item store whose first items share no tag); shop_item_search already holds one narrow row per
-- visible store item in the store's order, so it also keeps the tags and the walk stays on narrow rows.
ALTER TABLE "shop_item_search" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_item_search_order" ON "shop_item_search" USING btree ("shop_id","type","queue_position","product_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.item_search_links() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.shop_item_search (shop_id, product_id, type, queue_position, search_name, tags)
    SELECT s.shop_id, s.product_id, p.type, s.queue_position, p.search_name, p.tags FROM new_rows s JOIN public.products p ON p.id = s.product_id
    WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
    FOR SHARE OF p
  ON CONFLICT (shop_id, product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A renamed or retagged item, or one whose type or visibility changed, in every store that has it.
CREATE OR REPLACE FUNCTION public.item_search_product() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.list_state = 'published' AND NOT NEW.hiden AND NOT NEW.disabled THEN
    INSERT INTO public.shop_item_search AS s (shop_id, product_id, type, queue_position, search_name, tags)
      SELECT sp.shop_id, NEW.id, NEW.type, sp.queue_position, NEW.search_name, NEW.tags FROM public.shop_products sp WHERE sp.product_id = NEW.id
      ON CONFLICT (shop_id, product_id) DO UPDATE SET type = excluded.type, search_name = excluded.search_name, tags = excluded.tags;
  ELSE
    DELETE FROM public.shop_item_search WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The WHEN clause still keeps checkout's stock updates (the most frequent product writes) from calling it.
DROP TRIGGER IF EXISTS "products_search_upd" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_upd" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.name, OLD.type, OLD.list_state, OLD.hiden, OLD.disabled, OLD.tags) IS DISTINCT FROM (NEW.name, NEW.type, NEW.list_state, NEW.hiden, NEW.disabled, NEW.tags))
  EXECUTE FUNCTION public.item_search_product();
--> statement-breakpoint
UPDATE "shop_item_search" s SET tags = p.tags FROM "products" p WHERE p.id = s.product_id AND s.tags IS DISTINCT FROM p.tags;
