-- Search and live product events (src/domain/search). Same SQL on PGlite and PostgreSQL; needs the citext,
-- pg_trgm and unaccent extensions of migration 0000. Every statement is idempotent.
--
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index expression. This
-- IMMUTABLE wrapper names the dictionary explicitly (schema-qualified, so search_path cannot change it).
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
-- The folded form of a name that search compares with: lower case, without accents ('Café' -> 'cafe').
CREATE OR REPLACE FUNCTION public.f_search_name(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.f_unaccent(lower($1));
--> statement-breakpoint
-- The words search matches by prefix: name (weight A), tags (B) and plain description (C), folded the same way.
CREATE OR REPLACE FUNCTION public.f_search_document(name text, plain_description text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('simple'::regconfig, public.f_search_name(coalesce(name, ''))), 'A')
    || setweight(to_tsvector('simple'::regconfig, public.f_search_name(coalesce(array_to_string(tags, ' '), ''))), 'B')
    || setweight(to_tsvector('simple'::regconfig, public.f_search_name(coalesce(plain_description, ''))), 'C');
--> statement-breakpoint
-- The folded name and the document, stored: computed once per write instead of once per row and query (on
-- 100,000 products a broad search spends most of its time folding otherwise). Generated columns, so every
-- writer (drizzle, seeds, raw SQL) keeps them right; they are not in the drizzle schema (src/db/schema) and
-- only search SQL (src/domain/search/repo.ts) reads them.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_name" text
  GENERATED ALWAYS AS (public.f_search_name("name")) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_document" tsvector
  GENERATED ALWAYS AS (public.f_search_document("name", "plain_description", "tags")) STORED;
--> statement-breakpoint
-- Substring and typo-tolerant matches on the name (LIKE '%text%', word_similarity %>).
CREATE INDEX IF NOT EXISTS "products_search_name_trgm" ON "products" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- Word-prefix matches over name, tags and description (to_tsquery('simple', 'cafe:* & veracruz:*')).
CREATE INDEX IF NOT EXISTS "products_search_document" ON "products" USING gin ("search_document");
--> statement-breakpoint
-- Related products share tags.
CREATE INDEX IF NOT EXISTS "products_tags" ON "products" USING gin ("tags");
--> statement-breakpoint
-- Items of a catalogue that are in a shop: looked up by product (live events, detail pages).
CREATE INDEX IF NOT EXISTS "catalogue_products_product" ON "catalogue_products" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_products_product" ON "shop_products" USING btree ("product_id");
--> statement-breakpoint
-- Live product events: every insert, update and delete of a product, of a shop's assortment (shop_products) or
-- of a catalogue's items is announced on the channel product_events as
-- {"shop_id"?: uuid, "product_id": uuid, "op": "insert"|"update"|"delete"} (catalogue changes are "update"s of
-- the shop: the page asks the card fragment whether the item is still shown).
-- Statement-level triggers with transition tables: one statement touching many rows (a bulk import) sends one
-- notification per row up to 200 rows, and a single {"op": "bulk"} notification (per shop for shop_products)
-- beyond that, so a 100,000-row seed does not flood the queue.
CREATE OR REPLACE FUNCTION public.product_events_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  r record;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO n FROM old_rows;
      IF n > 200 THEN PERFORM pg_notify('product_events', json_build_object('op', 'bulk')::text); RETURN NULL; END IF;
      FOR r IN SELECT id FROM old_rows LOOP
        PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', 'delete')::text);
      END LOOP;
    ELSE
      SELECT count(*) INTO n FROM new_rows;
      IF n > 200 THEN PERFORM pg_notify('product_events', json_build_object('op', 'bulk')::text); RETURN NULL; END IF;
      FOR r IN SELECT id FROM new_rows LOOP
        PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', lower(TG_OP))::text);
      END LOOP;
    END IF;
  ELSIF TG_TABLE_NAME = 'catalogue_products' THEN
    -- The shop is the catalogue's; rows of a catalogue being deleted (cascade) have none left and are skipped.
    IF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO n FROM old_rows;
      FOR r IN SELECT c.shop_id, o.product_id FROM old_rows o JOIN public.catalogues c ON c.id = o.catalogue_id LIMIT 201 LOOP
        EXIT WHEN n > 200;
        PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'product_id', r.product_id, 'op', 'update')::text);
      END LOOP;
      IF n > 200 THEN
        FOR r IN SELECT DISTINCT c.shop_id FROM old_rows o JOIN public.catalogues c ON c.id = o.catalogue_id LOOP
          PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'op', 'bulk')::text);
        END LOOP;
      END IF;
    ELSE
      SELECT count(*) INTO n FROM new_rows;
      FOR r IN SELECT c.shop_id, o.product_id FROM new_rows o JOIN public.catalogues c ON c.id = o.catalogue_id LIMIT 201 LOOP
        EXIT WHEN n > 200;
        PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'product_id', r.product_id, 'op', 'update')::text);
      END LOOP;
      IF n > 200 THEN
        FOR r IN SELECT DISTINCT c.shop_id FROM new_rows o JOIN public.catalogues c ON c.id = o.catalogue_id LOOP
          PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'op', 'bulk')::text);
        END LOOP;
      END IF;
    END IF;
  ELSE -- shop_products
    IF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO n FROM old_rows;
      IF n > 200 THEN
        FOR r IN SELECT DISTINCT shop_id FROM old_rows LOOP
          PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'op', 'bulk')::text);
        END LOOP;
        RETURN NULL;
      END IF;
      FOR r IN SELECT shop_id, product_id FROM old_rows LOOP
        PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'product_id', r.product_id, 'op', 'delete')::text);
      END LOOP;
    ELSE
      SELECT count(*) INTO n FROM new_rows;
      IF n > 200 THEN
        FOR r IN SELECT DISTINCT shop_id FROM new_rows LOOP
          PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'op', 'bulk')::text);
        END LOOP;
        RETURN NULL;
      END IF;
      FOR r IN SELECT shop_id, product_id FROM new_rows LOOP
        PERFORM pg_notify('product_events', json_build_object('shop_id', r.shop_id, 'product_id', r.product_id, 'op', lower(TG_OP))::text);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_events_ins" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_events_upd" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_events_del" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_products_events_ins" ON "shop_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_products_events_upd" ON "shop_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_products_events_del" ON "shop_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "catalogue_products_events_ins" ON "catalogue_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "catalogue_products_events_upd" ON "catalogue_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "catalogue_products_events_del" ON "catalogue_products";
--> statement-breakpoint
CREATE TRIGGER "products_events_ins" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "products_events_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "products_events_del" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "shop_products_events_ins" AFTER INSERT ON "shop_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "shop_products_events_upd" AFTER UPDATE ON "shop_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "shop_products_events_del" AFTER DELETE ON "shop_products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_events_ins" AFTER INSERT ON "catalogue_products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_events_upd" AFTER UPDATE ON "catalogue_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
--> statement-breakpoint
CREATE TRIGGER "catalogue_products_events_del" AFTER DELETE ON "catalogue_products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_events_notify();
