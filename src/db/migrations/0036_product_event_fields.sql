-- Product updates say what changed and where the item is offered (issue 29, invalidation by what a page showed):
-- an 'update' event of a product row now carries 'fields' (the columns that changed, updated_at aside),
-- 'shop_ids' (the shops offering it in their store or a catalogue; null past 100) and the units available before
-- and after, so the page cache makes stale only the pages that show the item and the listings of those shops
-- whose order or membership the change can move (src/lib/server/page-cache.ts), not every page of every shop.
-- Same function as migration 0029 otherwise.
CREATE OR REPLACE FUNCTION public.product_events_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  r record;
  fields text[];
  shops uuid[];
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
      -- A 'stock' event also carries the stock type and the units available before and after ('was', 'now'), so a
      -- listener can tell whether a card's stock state (src/lib/shared/stock.ts) moved or only the product page's count.
      FOR r IN
        SELECT nr.id, nr.stock_type, o.stock_on_hand - o.stock_reserved AS was, nr.stock_on_hand - nr.stock_reserved AS now,
          (to_jsonb(nr) - ARRAY['stock_on_hand', 'stock_reserved', 'updated_at']) = (to_jsonb(o) - ARRAY['stock_on_hand', 'stock_reserved', 'updated_at'])
          AND (nr.stock_type = 'ondemand' OR (nr.stock_on_hand - nr.stock_reserved > 0) = (o.stock_on_hand - o.stock_reserved > 0)) AS stock_only
        FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      LOOP
        IF r.stock_only THEN
          PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', 'stock', 'stock_type', r.stock_type, 'was', r.was, 'now', r.now)::text);
        ELSE
          -- What changed (the columns, updated_at aside) and which shops offer the item (in their store or a
          -- catalogue); more than 100 shops: 'shop_ids' is null, meaning any shop may.
          SELECT array_agg(k ORDER BY k) INTO fields FROM (
            SELECT n.key AS k FROM new_rows nr2, jsonb_each(to_jsonb(nr2)) AS n
            WHERE nr2.id = r.id AND n.key <> 'updated_at'
              AND n.value IS DISTINCT FROM (SELECT to_jsonb(o2) -> n.key FROM old_rows o2 WHERE o2.id = r.id)) AS changed;
          SELECT CASE WHEN count(*) > 100 THEN NULL ELSE coalesce(array_agg(sid), '{}') END INTO shops FROM (
            SELECT sp.shop_id AS sid FROM public.shop_products sp WHERE sp.product_id = r.id
            UNION SELECT c.shop_id FROM public.catalogue_products cp JOIN public.catalogues c ON c.id = cp.catalogue_id
              WHERE cp.product_id = r.id
            LIMIT 101) AS offering;
          PERFORM pg_notify('product_events', json_build_object('product_id', r.id, 'op', 'update',
            'fields', coalesce(fields, '{}'), 'shop_ids', shops, 'stock_type', r.stock_type, 'was', r.was, 'now', r.now)::text);
        END IF;
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
