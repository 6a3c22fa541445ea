-- Product events tell a stock-only change apart (issue 16): {"product_id", "op": "stock"} when a product row's
-- stock counts are all that changed and it is still on the same side of sold out. The page cache then marks only
-- the pages that show that product as stale, instead of every page of every shop (src/lib/server/page-cache.ts);
-- live search listeners treat it as an update. Same function as migration 0007 otherwise.
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
    ELSIF TG_OP = 'INSERT' THEN
      SELECT count(*) INTO n FROM new_rows;
      IF n > 200 THEN PERFORM pg_notify('product_events', json_build_object('op', 'bulk')::text); RETURN NULL; END IF;
      FOR r IN SELECT id FROM new_rows LOOP
        PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', 'insert')::text);
      END LOOP;
    ELSE
      SELECT count(*) INTO n FROM new_rows;
      IF n > 200 THEN PERFORM pg_notify('product_events', json_build_object('op', 'bulk')::text); RETURN NULL; END IF;
      -- 'stock': only the stock counts (and updated_at) changed and the item stays on the same side of sold out,
      -- so only pages showing this product can differ (a reservation at checkout). Anything else: 'update'.
      FOR r IN
        SELECT nr.id,
          (to_jsonb(nr) - ARRAY['stock_on_hand', 'stock_reserved', 'updated_at']) = (to_jsonb(o) - ARRAY['stock_on_hand', 'stock_reserved', 'updated_at'])
          AND (nr.stock_type = 'ondemand' OR (nr.stock_on_hand - nr.stock_reserved > 0) = (o.stock_on_hand - o.stock_reserved > 0)) AS stock_only
        FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      LOOP
        PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', CASE WHEN r.stock_only THEN 'stock' ELSE 'update' END)::text);
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
