CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"secret" text DEFAULT encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 17), 'hex') NOT NULL,
	"order_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"holder_phone" text NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"canceled_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_secret" CHECK ("tickets"."secret" ~ '^[0-9a-f]{34}$'),
	CONSTRAINT "tickets_used_or_canceled" CHECK ("tickets"."used_at" is null or "tickets"."canceled_at" is null),
	CONSTRAINT "tickets_holder" CHECK (char_length("tickets"."holder_name") between 1 and 150 and char_length("tickets"."holder_phone") between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_attendee_id_order_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."order_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_attendee" ON "tickets" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "tickets_order" ON "tickets" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "tickets_shop" ON "tickets" USING btree ("shop_id");--> statement-breakpoint
-- Experience tickets follow their order (src/db/schema/tickets.ts). The database issues and cancels them, so every
-- path that pays or cancels an order (card answer, webhook, sandbox page, the supplier's 'money received', cash on
-- delivery, a free order, the reservation sweeper, customer and supplier cancellation) takes the tickets along.
--
-- issue_order_tickets: one ticket per attendee of the order's experience lines, attendees of a product matched to its
-- lines in turn (a line of 2 units takes that product's first two attendees ...), in the order they were captured (one
-- insert gives them the same created_at: their physical order, ctid, is the insert's order; attendees are never
-- updated, so it stays). Idempotent (one ticket per attendee);
-- nothing for a canceled order. Answers how many tickets it issued.
CREATE OR REPLACE FUNCTION public.issue_order_tickets(p_order uuid) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  issued integer;
BEGIN
  INSERT INTO "tickets" ("order_id", "attendee_id", "order_item_id", "product_id", "shop_id", "holder_name", "holder_phone")
  SELECT a.order_id, a.id, line.id, a.product_id, o.shop_id,
         left(coalesce(nullif(btrim(a.full_name), ''), '-'), 150), left(coalesce(nullif(btrim(a.phone), ''), '-'), 30)
  FROM (
    SELECT att.*, att.ctid AS pos, row_number() OVER (PARTITION BY att.product_id ORDER BY att.created_at, att.ctid, att.id) AS k
    FROM "order_attendees" att WHERE att.order_id = p_order
  ) a
  JOIN "orders" o ON o.id = a.order_id
  JOIN LATERAL (
    SELECT l.id FROM (
      SELECT i.id, sum(i.amount) OVER (ORDER BY i.name, i.id) AS upto
      FROM "order_items" i WHERE i.order_id = p_order AND i.product_id = a.product_id AND i.type = 'experience'
    ) l WHERE l.upto >= a.k ORDER BY l.upto LIMIT 1
  ) line ON true
  WHERE o.status <> 'canceled'
  -- Ticket numbers are given in the order rows arrive: the attendees' capture order, not whatever the join yields.
  ORDER BY a.created_at, a.pos, a.id
  ON CONFLICT ("attendee_id") DO NOTHING;
  GET DIAGNOSTICS issued = ROW_COUNT;
  RETURN issued;
END $$;
--> statement-breakpoint
-- An order whose payment becomes 'paid' gets its tickets; a canceled or fully refunded order loses the ones not used yet.
CREATE OR REPLACE FUNCTION public.tickets_follow_order() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'canceled' OR NEW.payment_status = 'refunded' THEN
    UPDATE "tickets" SET "canceled_at" = now(), "updated_at" = now()
      WHERE "order_id" = NEW.id AND "canceled_at" IS NULL AND "used_at" IS NULL;
  ELSIF NEW.payment_status = 'paid' AND OLD.payment_status IS DISTINCT FROM 'paid' THEN
    PERFORM public.issue_order_tickets(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_tickets AFTER UPDATE OF "status", "payment_status" ON "orders" FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.payment_status IS DISTINCT FROM OLD.payment_status)
  EXECUTE FUNCTION public.tickets_follow_order();
--> statement-breakpoint
-- Orders paid before tickets existed get theirs now.
SELECT public.issue_order_tickets(o.id) FROM "orders" o
  WHERE o.payment_status IN ('paid', 'partially_refunded') AND o.status <> 'canceled'
    AND EXISTS (SELECT 1 FROM "order_attendees" a WHERE a.order_id = o.id);
