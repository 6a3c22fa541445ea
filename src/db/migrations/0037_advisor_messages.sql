-- The private message thread of a shop and its advisor (issue 26; seed 001 §2 'private message (live chat)'): the
-- advisor card's 'Mensaje privado' opens it instead of a mail link. One thread per (shop, advisor); each message
-- is mailed to the other side through the mail queue. Bodies are 1 to 2000 characters.
CREATE TABLE "advisor_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"advisor_profile_id" uuid NOT NULL,
	"author_profile_id" uuid,
	"from_advisor" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_messages_body" CHECK (char_length("advisor_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "advisor_messages" ADD CONSTRAINT "advisor_messages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_messages" ADD CONSTRAINT "advisor_messages_advisor_profile_id_profiles_id_fk" FOREIGN KEY ("advisor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_messages" ADD CONSTRAINT "advisor_messages_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_messages_thread" ON "advisor_messages" USING btree ("shop_id","advisor_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "advisor_messages_advisor" ON "advisor_messages" USING btree ("advisor_profile_id","created_at");