CREATE TABLE "order_packing" (
	"order_id" uuid NOT NULL,
	"box" integer NOT NULL,
	"order_item_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"weight_g" integer NOT NULL,
	"volume_cm3" integer NOT NULL,
	"oversize" boolean DEFAULT false NOT NULL,
	"packed_at" timestamp with time zone,
	"packed_by" uuid,
	CONSTRAINT "order_packing_order_id_box_order_item_id_pk" PRIMARY KEY("order_id","box","order_item_id"),
	CONSTRAINT "order_packing_units" CHECK ("order_packing"."units" > 0 and "order_packing"."box" > 0 and "order_packing"."weight_g" >= 0 and "order_packing"."volume_cm3" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_packing" ADD CONSTRAINT "order_packing_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packing" ADD CONSTRAINT "order_packing_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packing" ADD CONSTRAINT "order_packing_packed_by_users_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_packing_item" ON "order_packing" USING btree ("order_item_id");