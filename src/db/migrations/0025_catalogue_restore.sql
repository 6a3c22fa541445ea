CREATE TABLE "catalogue_trash" (
	"catalogue_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"owner" uuid,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"icon_class" text,
	"origin_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_trash" ADD CONSTRAINT "catalogue_trash_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_trash_deleted_at" ON "catalogue_trash" USING btree ("deleted_at");