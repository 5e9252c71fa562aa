CREATE TABLE "performance_test_results" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"status" text NOT NULL,
	"time_to_first_token_ms" integer,
	"total_ms" integer,
	"output_tokens" integer,
	"tokens_per_second" real,
	"error_text" text,
	CONSTRAINT "performance_test_results_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "performance_test_runs" (
	"run_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"performance_test_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"config_state_id" uuid NOT NULL,
	"language_engine" text NOT NULL,
	"deployment_name" text NOT NULL,
	"status" text NOT NULL,
	"started_by_user_id" uuid,
	"started_by_display_name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "performance_tests" (
	"performance_test_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"prompts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performance_test_results" ADD CONSTRAINT "performance_test_results_run_id_performance_test_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."performance_test_runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_test_runs" ADD CONSTRAINT "performance_test_runs_performance_test_id_performance_tests_performance_test_id_fk" FOREIGN KEY ("performance_test_id") REFERENCES "public"."performance_tests"("performance_test_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_test_runs" ADD CONSTRAINT "performance_test_runs_started_by_user_id_users_user_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_tests" ADD CONSTRAINT "performance_tests_gpt_system_id_gpt_systems_gpt_system_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("gpt_system_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performance_test_runs_test" ON "performance_test_runs" USING btree ("performance_test_id","started_at");