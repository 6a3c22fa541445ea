CREATE TABLE "campaign_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"source_code" text,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"budget" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_channels_state" CHECK ("campaign_channels"."state" in ('active','paused','archived')),
	CONSTRAINT "campaign_channels_figures" CHECK ("campaign_channels"."budget" >= 0 and "campaign_channels"."spent" >= 0 and "campaign_channels"."impressions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_signups" (
	"campaign_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_signups_campaign_id_profile_id_pk" PRIMARY KEY("campaign_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"click_id" text DEFAULT '' NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_channels" ADD CONSTRAINT "campaign_channels_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_signups" ADD CONSTRAINT "campaign_signups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_signups" ADD CONSTRAINT "campaign_signups_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_visits" ADD CONSTRAINT "campaign_visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_channels_campaign" ON "campaign_channels" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_signups_campaign" ON "campaign_signups" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_visits_once" ON "campaign_visits" USING btree ("campaign_id","click_id","visitor");--> statement-breakpoint
CREATE INDEX "campaign_visits_campaign" ON "campaign_visits" USING btree ("campaign_id","created_at");--> statement-breakpoint
-- custom:
-- Orders attributed to a campaign are found through their checkout's tracking (the campaign cookie it carried).
CREATE INDEX IF NOT EXISTS "checkouts_tracking_campaign" ON "checkouts" (("tracking"->>'campaign')) WHERE "tracking"->>'campaign' IS NOT NULL;
