-- Purchase order history is append-only (src/db/schema/commerce.ts): rows are never changed or removed.
CREATE OR REPLACE FUNCTION public.order_history_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_history is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER order_history_no_update BEFORE UPDATE OR DELETE ON "order_history" FOR EACH ROW EXECUTE FUNCTION public.order_history_append_only();
