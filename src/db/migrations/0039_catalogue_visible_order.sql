ALTER TABLE "catalogue_products" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_item_search" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_item_search" ADD COLUMN "list_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_products_visible_order" ON "catalogue_products" USING btree ("catalogue_id","queue_position","product_id") WHERE "visible";--> statement-breakpoint
CREATE INDEX "shop_item_search_price" ON "shop_item_search" USING btree ("shop_id","type",("currency" <> 'MXN'),"currency","list_price","product_id");--> statement-breakpoint
CREATE INDEX "shop_item_search_price_desc" ON "shop_item_search" USING btree ("shop_id","type",("currency" <> 'MXN'),"currency","list_price" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "shop_item_search_initial" ON "shop_item_search" USING btree ("shop_id","type",left("search_name", 1),(case when length("search_name") = 1 or substr("search_name", 2, 1) = ' ' then 0 else 1 end),length("search_name"),"queue_position","product_id");--> statement-breakpoint
-- Large catalogues (issue 29): a catalogue's page N is found by skipping the visible items before it on this
-- narrow partial index instead of reading the 1.3 KB product row of each. `visible` copies the storefront's rule
-- (published, not hidden, not disabled) from products: set on insert, moved when a product's visibility changes
-- (the WHEN keeps checkout's stock updates from calling it).
CREATE OR REPLACE FUNCTION public.catalogue_products_visible_in() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.visible := coalesce((SELECT p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
    FROM public.products p WHERE p.id = NEW.product_id), true);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_visible_in" BEFORE INSERT OR UPDATE OF product_id ON "catalogue_products" FOR EACH ROW
  EXECUTE FUNCTION public.catalogue_products_visible_in();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.catalogue_products_visible_product() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE v boolean := NEW.list_state = 'published' AND NOT NEW.hiden AND NOT NEW.disabled;
BEGIN
  UPDATE public.catalogue_products SET visible = v WHERE product_id = NEW.id AND visible IS DISTINCT FROM v;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_visible_upd" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.list_state, OLD.hiden, OLD.disabled) IS DISTINCT FROM (NEW.list_state, NEW.hiden, NEW.disabled))
  EXECUTE FUNCTION public.catalogue_products_visible_product();
--> statement-breakpoint
-- The copy is not a change of the catalogues' order or contents of its own: the product's own event (products_events_upd)
-- already announces the visibility change to the pages that show or list it. Only catalogue_products updates made by
-- a statement of the application (trigger depth 0; no other trigger updates this table) announce link changes.
DROP TRIGGER IF EXISTS "catalogue_products_events_upd" ON "catalogue_products";
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_events_upd" AFTER UPDATE ON "catalogue_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
UPDATE "catalogue_products" cp SET visible = false FROM "products" p
  WHERE p.id = cp.product_id AND NOT (p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled);
--> statement-breakpoint
-- The store's price orders (issue 29): shop_item_search also keeps each item's currency and price, so page N of a
-- store by price is read off its narrow price indexes instead of sorting every item of the store on products.
-- The functions of 0028 with the two columns; the product trigger's WHEN adds them (stock updates still skip it).
CREATE OR REPLACE FUNCTION public.item_search_links() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.shop_item_search (shop_id, product_id, type, queue_position, search_name, tags, currency, list_price)
    SELECT s.shop_id, s.product_id, p.type, s.queue_position, p.search_name, p.tags, p.currency, p.list_price
    FROM new_rows s JOIN public.products p ON p.id = s.product_id
    WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
    FOR SHARE OF p
  ON CONFLICT (shop_id, product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.item_search_product() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.list_state = 'published' AND NOT NEW.hiden AND NOT NEW.disabled THEN
    INSERT INTO public.shop_item_search AS s (shop_id, product_id, type, queue_position, search_name, tags, currency, list_price)
      SELECT sp.shop_id, NEW.id, NEW.type, sp.queue_position, NEW.search_name, NEW.tags, NEW.currency, NEW.list_price
      FROM public.shop_products sp WHERE sp.product_id = NEW.id
      ON CONFLICT (shop_id, product_id) DO UPDATE SET type = excluded.type, search_name = excluded.search_name, tags = excluded.tags,
        currency = excluded.currency, list_price = excluded.list_price;
  ELSE
    DELETE FROM public.shop_item_search WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_upd" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_upd" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.name, OLD.type, OLD.list_state, OLD.hiden, OLD.disabled, OLD.tags, OLD.currency, OLD.list_price)
    IS DISTINCT FROM (NEW.name, NEW.type, NEW.list_state, NEW.hiden, NEW.disabled, NEW.tags, NEW.currency, NEW.list_price))
  EXECUTE FUNCTION public.item_search_product();
--> statement-breakpoint
UPDATE "shop_item_search" s SET currency = p.currency, list_price = p.list_price FROM "products" p WHERE p.id = s.product_id;
