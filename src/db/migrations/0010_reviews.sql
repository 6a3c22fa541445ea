CREATE TABLE "product_review_stats" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_review_stats_nonneg" CHECK ("product_review_stats"."review_count" >= 0 and "product_review_stats"."rating_sum" >= 0 and "product_review_stats"."stars_1" >= 0 and "product_review_stats"."stars_2" >= 0 and "product_review_stats"."stars_3" >= 0 and "product_review_stats"."stars_4" >= 0 and "product_review_stats"."stars_5" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_title_len" CHECK (char_length("product_reviews"."title") <= 120),
	CONSTRAINT "product_reviews_text_len" CHECK (char_length("product_reviews"."text") <= 2000),
	CONSTRAINT "product_reviews_photos" CHECK (jsonb_typeof("product_reviews"."photos") = 'array' and jsonb_array_length("product_reviews"."photos") <= 4),
	CONSTRAINT "product_reviews_answer_len" CHECK ("product_reviews"."answer_text" is null or char_length("product_reviews"."answer_text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"review_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_review_stats" ADD CONSTRAINT "product_review_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_author_product" ON "product_reviews" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "product_reviews_newest" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_reviews_rating" ON "product_reviews" USING btree ("product_id","rating","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_photos_user" ON "review_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_photos_review" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
-- Hand-written (not generated): product_review_stats follows product_reviews row by row. Deltas, not recounts:
-- the upsert and the update take the stats row's lock, so concurrent reviews of one product add up exactly.
-- A removed review only updates an existing stats row (when its product is being deleted the row may be gone).
-- Every change (a new, changed, answered or deleted review) is announced on product_events like a change to the
-- product itself (migration 0007), so every app process drops its cached pages that show it.
CREATE OR REPLACE FUNCTION public.product_reviews_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP = 'UPDATE' AND (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.product_id IS DISTINCT FROM NEW.product_id);
  pid uuid;
BEGIN
  IF TG_OP = 'DELETE' OR moved THEN
    UPDATE public.product_review_stats SET
      review_count = review_count - 1, rating_sum = rating_sum - OLD.rating,
      stars_1 = stars_1 - (OLD.rating = 1)::int, stars_2 = stars_2 - (OLD.rating = 2)::int, stars_3 = stars_3 - (OLD.rating = 3)::int,
      stars_4 = stars_4 - (OLD.rating = 4)::int, stars_5 = stars_5 - (OLD.rating = 5)::int, updated_at = now()
    WHERE product_id = OLD.product_id;
  END IF;
  IF TG_OP = 'INSERT' OR moved THEN
    INSERT INTO public.product_review_stats AS s (product_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5)
    VALUES (NEW.product_id, 1, NEW.rating, (NEW.rating = 1)::int, (NEW.rating = 2)::int, (NEW.rating = 3)::int, (NEW.rating = 4)::int, (NEW.rating = 5)::int)
    ON CONFLICT (product_id) DO UPDATE SET
      review_count = s.review_count + 1, rating_sum = s.rating_sum + excluded.rating_sum,
      stars_1 = s.stars_1 + excluded.stars_1, stars_2 = s.stars_2 + excluded.stars_2, stars_3 = s.stars_3 + excluded.stars_3,
      stars_4 = s.stars_4 + excluded.stars_4, stars_5 = s.stars_5 + excluded.stars_5, updated_at = now();
  END IF;
  IF TG_OP = 'DELETE' THEN pid := OLD.product_id; ELSE pid := NEW.product_id; END IF;
  PERFORM pg_notify('product_events', json_build_object('product_id', pid, 'op', 'update')::text);
  IF moved AND OLD.product_id IS DISTINCT FROM NEW.product_id THEN
    PERFORM pg_notify('product_events', json_build_object('product_id', OLD.product_id, 'op', 'update')::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_changed AFTER INSERT OR UPDATE OR DELETE ON "product_reviews"
  FOR EACH ROW EXECUTE FUNCTION public.product_reviews_changed();
