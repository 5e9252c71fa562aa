CREATE TABLE "chat_access_policies" (
	"chat_access_policy_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_access_policy_agents" (
	"chat_access_policy_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	CONSTRAINT "chat_access_policy_agents_chat_access_policy_id_gpt_system_id_pk" PRIMARY KEY("chat_access_policy_id","gpt_system_id")
);
--> statement-breakpoint
CREATE TABLE "chat_access_policy_principals" (
	"chat_access_policy_id" uuid NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" text NOT NULL,
	CONSTRAINT "chat_access_policy_principals_chat_access_policy_id_principal_type_principal_id_pk" PRIMARY KEY("chat_access_policy_id","principal_type","principal_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "chat_access_policy_agents" ADD CONSTRAINT "chat_access_policy_agents_chat_access_policy_id_chat_access_policies_chat_access_policy_id_fk" FOREIGN KEY ("chat_access_policy_id") REFERENCES "public"."chat_access_policies"("chat_access_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_access_policy_agents" ADD CONSTRAINT "chat_access_policy_agents_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_access_policy_principals" ADD CONSTRAINT "chat_access_policy_principals_chat_access_policy_id_chat_access_policies_chat_access_policy_id_fk" FOREIGN KEY ("chat_access_policy_id") REFERENCES "public"."chat_access_policies"("chat_access_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_access_policy_agents_agent" ON "chat_access_policy_agents" USING btree ("gpt_system_id");--> statement-breakpoint
CREATE INDEX "chat_access_policy_principals_principal" ON "chat_access_policy_principals" USING btree ("principal_type","principal_id");--> statement-breakpoint
CREATE INDEX "user_groups_group" ON "user_groups" USING btree ("group_id");