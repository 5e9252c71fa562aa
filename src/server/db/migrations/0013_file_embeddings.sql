ALTER TABLE "file_chunks" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "embedding_status" text;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "embedding_error" text;