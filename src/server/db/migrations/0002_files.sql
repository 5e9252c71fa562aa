CREATE TABLE "attachments" (
	"attachment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"original_file_name" text NOT NULL,
	"type" text NOT NULL,
	"context" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"chunk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attachment_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"heading" text,
	"content" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(heading, '')), 'A') || setweight(to_tsvector('english', content), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "indexing_jobs" (
	"job_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attachment_id" uuid NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"chunk_count" integer,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexing_jobs_attachment_id_unique" UNIQUE("attachment_id")
);
--> statement-breakpoint
CREATE TABLE "vision_images" (
	"vision_image_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"blob_file_name" text NOT NULL,
	"blob_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"thumbnail_blob_file_name" text NOT NULL,
	"thumbnail_blob_key" text NOT NULL,
	"thumbnail_mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_attachment_id_attachments_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("attachment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD CONSTRAINT "indexing_jobs_attachment_id_attachments_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("attachment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_images" ADD CONSTRAINT "vision_images_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_owner" ON "attachments" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "file_chunks_attachment" ON "file_chunks" USING btree ("attachment_id","ordinal");--> statement-breakpoint
CREATE INDEX "file_chunks_search" ON "file_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "indexing_jobs_due" ON "indexing_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "vision_images_owner" ON "vision_images" USING btree ("owner_user_id");