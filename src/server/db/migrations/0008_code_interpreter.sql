CREATE TABLE "code_interpreter_runs" (
	"run_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_segment_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"code" text NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_files" (
	"file_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"conversation_segment_id" uuid NOT NULL,
	"run_id" uuid,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_interpreter_runs" ADD CONSTRAINT "code_interpreter_runs_conversation_segment_id_conversation_segments_conversation_segment_id_fk" FOREIGN KEY ("conversation_segment_id") REFERENCES "public"."conversation_segments"("conversation_segment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_files" ADD CONSTRAINT "generated_files_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_files" ADD CONSTRAINT "generated_files_conversation_id_conversations_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_files" ADD CONSTRAINT "generated_files_conversation_segment_id_conversation_segments_conversation_segment_id_fk" FOREIGN KEY ("conversation_segment_id") REFERENCES "public"."conversation_segments"("conversation_segment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_files" ADD CONSTRAINT "generated_files_run_id_code_interpreter_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."code_interpreter_runs"("run_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_interpreter_runs_segment_ordinal" ON "code_interpreter_runs" USING btree ("conversation_segment_id","ordinal");--> statement-breakpoint
CREATE INDEX "generated_files_segment" ON "generated_files" USING btree ("conversation_segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "generated_files_image_key" ON "generated_files" USING btree ("image_key");