CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_at" ON "operator_actions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_actions_target" ON "operator_actions" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested','paid','failed','rejected'));--> statement-breakpoint
-- The audit log is append-only, like the ledger (function of migration 0017).
CREATE TRIGGER operator_actions_no_update BEFORE UPDATE OR DELETE ON "operator_actions" FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();
