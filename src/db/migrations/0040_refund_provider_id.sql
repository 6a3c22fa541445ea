ALTER TABLE "refunds" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund" ON "refunds" USING btree ("payment_id","provider_refund_id");