-- Held commissions (issue 23): a package's referral commission is credited to pending and held here until the
-- package's 14-day refund window closes; the sweeper then moves it to available once (src/domain/wallet/service.ts
-- releaseDueCommissions), and a refund before that reverses the pending credit instead.
CREATE TABLE "commission_holds" (
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"release_after" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_holds_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
CREATE INDEX "commission_holds_due" ON "commission_holds" USING btree ("release_after") WHERE "commission_holds"."released_at" is null and "commission_holds"."reversed_at" is null;