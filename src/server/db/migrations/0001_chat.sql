CREATE TABLE "config_states" (
	"config_state_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"config_state_type" text NOT NULL,
	"version" integer NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"temperature" double precision,
	"top_p" double precision,
	"frequency_penalty" double precision,
	"max_tokens" integer,
	"language_engine" text DEFAULT 'local' NOT NULL,
	"deployment_name" text DEFAULT 'local' NOT NULL,
	"capability_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restrict_answer_to_information_returned_by_tools" boolean DEFAULT false NOT NULL,
	"data_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"connection_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider_type" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_version" text DEFAULT '' NOT NULL,
	"encrypted_api_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_segments" (
	"conversation_segment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"parent_segment_id" uuid,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error_text" text,
	"answered_with_gpt_system_id" uuid,
	"config_state_id" uuid,
	"language_engine" text,
	"deployment_name" text,
	"vision_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"time_to_first_token_ms" integer,
	"duration_ms" integer,
	"feedback" text,
	"feedback_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"conversation_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"title" text NOT NULL,
	"selected_leaf_segment_id" uuid,
	"moderation_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"deployment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"deployment_name" text NOT NULL,
	"display_name" text NOT NULL,
	"supports_vision" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_system_prompts" (
	"prompt_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_systems" (
	"gpt_system_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gpt_system_type" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"moderation_status" text,
	"owner_user_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"public_chat_endpoint" text,
	"published_config_state_id" uuid,
	"avatar_mime_type" text,
	"avatar_base64" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pinned_gpt_systems" (
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pinned_gpt_systems_user_id_gpt_system_id_pk" PRIMARY KEY("user_id","gpt_system_id")
);
--> statement-breakpoint
CREATE TABLE "user_prompts" (
	"prompt_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_states" ADD CONSTRAINT "config_states_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD CONSTRAINT "conversation_segments_conversation_id_conversations_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_prompts" ADD CONSTRAINT "gpt_system_prompts_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD CONSTRAINT "gpt_systems_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_gpt_systems" ADD CONSTRAINT "pinned_gpt_systems_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_gpt_systems" ADD CONSTRAINT "pinned_gpt_systems_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prompts" ADD CONSTRAINT "user_prompts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_states_gpt_system" ON "config_states" USING btree ("gpt_system_id");--> statement-breakpoint
CREATE INDEX "segments_conversation" ON "conversation_segments" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "segments_parent" ON "conversation_segments" USING btree ("parent_segment_id");--> statement-breakpoint
CREATE INDEX "conversations_user_recent" ON "conversations" USING btree ("user_id","updated_at","conversation_id");--> statement-breakpoint
CREATE INDEX "conversations_title_search" ON "conversations" USING btree ("user_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_connection_name" ON "deployments" USING btree ("connection_id","deployment_name");--> statement-breakpoint
CREATE UNIQUE INDEX "gpt_systems_public_endpoint" ON "gpt_systems" USING btree ("public_chat_endpoint");--> statement-breakpoint
CREATE INDEX "gpt_systems_owner" ON "gpt_systems" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "user_prompts_user" ON "user_prompts" USING btree ("user_id");