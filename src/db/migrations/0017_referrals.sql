CREATE TABLE "follows" (
	"follower_profile" uuid NOT NULL,
	"followed_profile" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_profile_followed_profile_pk" PRIMARY KEY("follower_profile","followed_profile"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_profile" <> "follows"."followed_profile")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"child_profile" uuid PRIMARY KEY NOT NULL,
	"parent_profile" uuid NOT NULL,
	"shop_id" uuid,
	"campaign" text,
	"click_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."child_profile" <> "referrals"."parent_profile")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_profile_profiles_id_fk" FOREIGN KEY ("follower_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_profile_profiles_id_fk" FOREIGN KEY ("followed_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_child_profile_profiles_id_fk" FOREIGN KEY ("child_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_parent_profile_profiles_id_fk" FOREIGN KEY ("parent_profile") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followed" ON "follows" USING btree ("followed_profile");--> statement-breakpoint
CREATE INDEX "referrals_parent" ON "referrals" USING btree ("parent_profile","created_at");--> statement-breakpoint
CREATE INDEX "referrals_campaign" ON "referrals" USING btree ("parent_profile","campaign");