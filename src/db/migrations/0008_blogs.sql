CREATE TABLE "blog_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"author" uuid,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"content_json" jsonb,
	"plain_text" text DEFAULT '' NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image" text,
	"list_state" text DEFAULT 'unpublished' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_entries_title_len" CHECK (char_length("blog_entries"."title") between 1 and 150),
	CONSTRAINT "blog_entries_list_state" CHECK ("blog_entries"."list_state" in ('published','unpublished'))
);
--> statement-breakpoint
ALTER TABLE "blog_entries" ADD CONSTRAINT "blog_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_entries" ADD CONSTRAINT "blog_entries_author_profiles_id_fk" FOREIGN KEY ("author") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_entries_shop_slug" ON "blog_entries" USING btree ("shop_id","slug");--> statement-breakpoint
CREATE INDEX "blog_entries_shop_updated" ON "blog_entries" USING btree ("shop_id","list_state","updated_at");--> statement-breakpoint
-- A shop's blog entries show on its storefront (/blogs, the entry pages, the home blog slider): every change is
-- announced on shop_events like the other shop data of migrations 0003/0004 (shop_id_events_notify), so every
-- app process drops its cached pages of that shop at once (src/lib/server/page-cache.ts).
CREATE TRIGGER blog_entries_notify AFTER INSERT OR UPDATE OR DELETE ON "blog_entries"
  FOR EACH ROW EXECUTE FUNCTION public.shop_id_events_notify();
