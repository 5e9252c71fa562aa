CREATE TABLE "moderation_reports" (
	"moderation_report_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_status" text DEFAULT 'Open' NOT NULL,
	"report_reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"conversation_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"submitted_by_user_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"context" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_moderation_action" text,
	"user_moderation_action" text,
	"moderation_notes" text,
	"is_bulk_resolution" boolean,
	"moderator_user_id" uuid,
	"moderator_display_name" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_conversation_id_conversations_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_submitted_by_user_id_users_user_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_moderator_user_id_users_user_id_fk" FOREIGN KEY ("moderator_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_reports_status_submitted" ON "moderation_reports" USING btree ("report_status","submitted_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_agent" ON "moderation_reports" USING btree ("gpt_system_id");