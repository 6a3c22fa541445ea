CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_state" CHECK ("campaigns"."state" in ('active','paused','archived')),
	CONSTRAINT "campaigns_name_length" CHECK (char_length("campaigns"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "buy_by" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "buy_by" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_profiles_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_shop" ON "campaigns" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_owner" ON "campaigns" USING btree ("owner","created_at");