CREATE TABLE "catalogue_item_counts" (
	"catalogue_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_item_counts" (
	"shop_id" uuid NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_item_counts_shop_id_type_pk" PRIMARY KEY("shop_id","type")
);
--> statement-breakpoint
DROP INDEX "products_type";--> statement-breakpoint
ALTER TABLE "catalogue_item_counts" ADD CONSTRAINT "catalogue_item_counts_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item_counts" ADD CONSTRAINT "shop_item_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Large catalogues (issue 16): the storefront's counts of visible items (published, not hidden, not disabled) per
-- shop and type, and per catalogue, are kept by the database instead of counted on every page (a store of 100,000
-- items took 200-300 ms a count). Statement-level triggers with transition tables, like product_events_notify:
-- a bulk insert of 1,000 store items is one counter update per shop and type, not 1,000.
CREATE OR REPLACE FUNCTION public.item_counts_links() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'shop_products' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO public.shop_item_counts AS c (shop_id, type, n)
        SELECT s.shop_id, p.type, count(*)::int FROM new_rows s JOIN public.products p ON p.id = s.product_id
        WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (shop_id, type) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      -- A product being deleted is gone from products here: item_counts_product_gone counted it out before.
      UPDATE public.shop_item_counts c SET n = c.n - d.k FROM (
        SELECT s.shop_id, p.type, count(*)::int AS k FROM old_rows s JOIN public.products p ON p.id = s.product_id
        WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled GROUP BY 1, 2) d
      WHERE c.shop_id = d.shop_id AND c.type = d.type;
    END IF;
  ELSE -- catalogue_products
    IF TG_OP = 'INSERT' THEN
      INSERT INTO public.catalogue_item_counts AS c (catalogue_id, n)
        SELECT s.catalogue_id, count(*)::int FROM new_rows s JOIN public.products p ON p.id = s.product_id
        WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled
        GROUP BY 1 ORDER BY 1
      ON CONFLICT (catalogue_id) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      UPDATE public.catalogue_item_counts c SET n = c.n - d.k FROM (
        SELECT s.catalogue_id, count(*)::int AS k FROM old_rows s JOIN public.products p ON p.id = s.product_id
        WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled GROUP BY 1) d
      WHERE c.catalogue_id = d.catalogue_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product that changes type or visibility moves between the counts of every shop and catalogue that has it.
CREATE OR REPLACE FUNCTION public.item_counts_products() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (stock at checkout, prices, texts) change neither: one cheap look at the changed rows.
  IF NOT EXISTS (SELECT 1 FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (o.type, o.list_state, o.hiden, o.disabled) IS DISTINCT FROM (nr.type, nr.list_state, nr.hiden, nr.disabled)) THEN
    RETURN NULL;
  END IF;
  WITH ch AS (
    SELECT nr.id, o.type AS old_type, o.list_state = 'published' AND NOT o.hiden AND NOT o.disabled AS was,
      nr.type AS new_type, nr.list_state = 'published' AND NOT nr.hiden AND NOT nr.disabled AS is_now
    FROM new_rows nr JOIN old_rows o ON o.id = nr.id
    WHERE (o.type, o.list_state, o.hiden, o.disabled) IS DISTINCT FROM (nr.type, nr.list_state, nr.hiden, nr.disabled)
  )
  INSERT INTO public.shop_item_counts AS c (shop_id, type, n)
    SELECT shop_id, type, sum(k)::int FROM (
      SELECT sp.shop_id, ch.old_type AS type, -1 AS k FROM ch JOIN public.shop_products sp ON sp.product_id = ch.id WHERE ch.was
      UNION ALL
      SELECT sp.shop_id, ch.new_type, 1 FROM ch JOIN public.shop_products sp ON sp.product_id = ch.id WHERE ch.is_now
    ) d GROUP BY 1, 2 HAVING sum(k) <> 0 ORDER BY 1, 2
  ON CONFLICT (shop_id, type) DO UPDATE SET n = c.n + excluded.n;
  WITH ch AS (
    SELECT nr.id, (nr.list_state = 'published' AND NOT nr.hiden AND NOT nr.disabled)::int
      - (o.list_state = 'published' AND NOT o.hiden AND NOT o.disabled)::int AS k
    FROM new_rows nr JOIN old_rows o ON o.id = nr.id
  )
  INSERT INTO public.catalogue_item_counts AS c (catalogue_id, n)
    SELECT cp.catalogue_id, sum(ch.k)::int FROM ch JOIN public.catalogue_products cp ON cp.product_id = ch.id
    WHERE ch.k <> 0 GROUP BY 1 ORDER BY 1
  ON CONFLICT (catalogue_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a product row goes (its store and catalogue links go with it by cascade, when it can no longer be read).
CREATE OR REPLACE FUNCTION public.item_counts_product_gone() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.list_state = 'published' AND NOT OLD.hiden AND NOT OLD.disabled THEN
    UPDATE public.shop_item_counts c SET n = c.n - 1 FROM public.shop_products sp
      WHERE sp.product_id = OLD.id AND c.shop_id = sp.shop_id AND c.type = OLD.type;
    UPDATE public.catalogue_item_counts c SET n = c.n - 1 FROM public.catalogue_products cp
      WHERE cp.product_id = OLD.id AND c.catalogue_id = cp.catalogue_id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_products_counts_ins" AFTER INSERT ON "shop_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_counts_links();
--> statement-breakpoint
CREATE TRIGGER "shop_products_counts_del" AFTER DELETE ON "shop_products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_counts_links();
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_counts_ins" AFTER INSERT ON "catalogue_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_counts_links();
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_counts_del" AFTER DELETE ON "catalogue_products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_counts_links();
--> statement-breakpoint
CREATE TRIGGER "products_counts_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.item_counts_products();
--> statement-breakpoint
CREATE TRIGGER "products_counts_del" BEFORE DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION public.item_counts_product_gone();
--> statement-breakpoint
INSERT INTO "shop_item_counts" (shop_id, type, n)
  SELECT sp.shop_id, p.type, count(*)::int FROM "shop_products" sp JOIN "products" p ON p.id = sp.product_id
  WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "catalogue_item_counts" (catalogue_id, n)
  SELECT cp.catalogue_id, count(*)::int FROM "catalogue_products" cp JOIN "products" p ON p.id = cp.product_id
  WHERE p.list_state = 'published' AND NOT p.hiden AND NOT p.disabled GROUP BY 1;
