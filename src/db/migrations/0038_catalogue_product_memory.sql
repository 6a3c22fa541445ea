-- Catalogue places an item had when it left a store (issue 26): put back when the item returns to the store.
CREATE TABLE "catalogue_product_memory" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"catalogue_id" uuid NOT NULL,
	"queue_position" integer NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_product_memory_catalogue_id_product_id_pk" PRIMARY KEY("catalogue_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_product_memory" ADD CONSTRAINT "catalogue_product_memory_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_memory" ADD CONSTRAINT "catalogue_product_memory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_memory" ADD CONSTRAINT "catalogue_product_memory_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_product_memory_item" ON "catalogue_product_memory" USING btree ("shop_id","product_id");