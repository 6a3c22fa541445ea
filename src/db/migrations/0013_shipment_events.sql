CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"event_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_status" CHECK ("shipment_events"."status" in ('label_created','picked_up','in_transit','out_for_delivery','delivered','exception','returned'))
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key" ON "shipment_events" USING btree ("courier","event_key");--> statement-breakpoint
CREATE INDEX "shipment_events_order" ON "shipment_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "shipment_events_tracking" ON "shipment_events" USING btree ("tracking_number");