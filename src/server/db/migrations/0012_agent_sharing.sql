CREATE TABLE "shared_gpt_systems" (
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_gpt_systems_user_id_gpt_system_id_pk" PRIMARY KEY("user_id","gpt_system_id")
);
--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD COLUMN "is_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_gpt_systems" ADD CONSTRAINT "shared_gpt_systems_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_gpt_systems" ADD CONSTRAINT "shared_gpt_systems_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_gpt_systems_agent" ON "shared_gpt_systems" USING btree ("gpt_system_id");