CREATE TABLE "advisors" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"whatsapp" text,
	"email" "citext",
	"support_url" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"email" "citext" NOT NULL,
	"permissions" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_heartbeats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tours" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"show_tour" boolean DEFAULT false NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "user_tours_state" CHECK ("user_tours"."show_tour" or "user_tours"."dismissed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_invitations" ADD CONSTRAINT "shop_invitations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_invitations" ADD CONSTRAINT "shop_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_heartbeats" ADD CONSTRAINT "user_heartbeats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tours" ADD CONSTRAINT "user_tours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisors_one_default" ON "advisors" USING btree ("is_default") WHERE "advisors"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_invitations_shop_email" ON "shop_invitations" USING btree ("shop_id","email");--> statement-breakpoint
CREATE INDEX "shop_invitations_email" ON "shop_invitations" USING btree ("email");