ALTER TABLE "shops" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "disabled_by" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A suspended supplier's new items start disabled like the rest (issue 25): the operator's suspension sets
-- products.disabled and supplier_suspended on the items it had; an item added while it lasts gets both here, so
-- re-enabling the supplier (which clears both where supplier_suspended) brings it out with the others.
CREATE OR REPLACE FUNCTION public.products_suspended_supplier() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.supplier_id IS NOT NULL AND NOT NEW.disabled
     AND EXISTS (SELECT 1 FROM public.suppliers s WHERE s.id = NEW.supplier_id AND s.suspended_at IS NOT NULL) THEN
    NEW.disabled := true;
    NEW.supplier_suspended := true;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_suspended_supplier" BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION public.products_suspended_supplier();
--> statement-breakpoint
CREATE INDEX "products_supplier_suspended" ON "products" USING btree ("supplier_id") WHERE "supplier_suspended";
