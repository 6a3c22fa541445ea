ALTER TABLE "catalogue_products" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_products_visible_order" ON "catalogue_products" USING btree ("catalogue_id","queue_position","product_id") WHERE "visible";--> statement-breakpoint
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
