CREATE TABLE "entity_cooccurrences" (
	"attachment_id" uuid NOT NULL,
	"entity_key" text NOT NULL,
	"related_key" text NOT NULL,
	"chunk_count" integer NOT NULL,
	CONSTRAINT "entity_cooccurrences_attachment_id_entity_key_related_key_pk" PRIMARY KEY("attachment_id","entity_key","related_key")
);
--> statement-breakpoint
CREATE TABLE "file_entities" (
	"attachment_id" uuid NOT NULL,
	"entity_key" text NOT NULL,
	"name" text NOT NULL,
	"chunk_count" integer NOT NULL,
	CONSTRAINT "file_entities_attachment_id_entity_key_pk" PRIMARY KEY("attachment_id","entity_key")
);
--> statement-breakpoint
CREATE TABLE "file_term_stats" (
	"attachment_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"chunk_count" integer NOT NULL,
	CONSTRAINT "file_term_stats_attachment_id_lexeme_pk" PRIMARY KEY("attachment_id","lexeme")
);
--> statement-breakpoint
CREATE TABLE "orphaned_blobs" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"orphaned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "index_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "graph_status" text;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "graph_error" text;--> statement-breakpoint
ALTER TABLE "indexing_jobs" ADD COLUMN "entity_count" integer;--> statement-breakpoint
ALTER TABLE "entity_cooccurrences" ADD CONSTRAINT "entity_cooccurrences_attachment_id_attachments_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("attachment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_entities" ADD CONSTRAINT "file_entities_attachment_id_attachments_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("attachment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_term_stats" ADD CONSTRAINT "file_term_stats_attachment_id_attachments_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("attachment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orphaned_blobs_due" ON "orphaned_blobs" USING btree ("orphaned_at");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a deleted attachment or vision image, also by
-- cascade, queues its blobs for the sweeper in the same transaction, so a rolled-back delete queues nothing.
CREATE FUNCTION "queue_orphaned_blobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'vision_images' THEN
    INSERT INTO "orphaned_blobs" ("blob_key") VALUES (OLD."blob_key"), (OLD."thumbnail_blob_key") ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "orphaned_blobs" ("blob_key") VALUES (OLD."blob_key") ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attachments_orphan_blob" AFTER DELETE ON "attachments" FOR EACH ROW EXECUTE FUNCTION "queue_orphaned_blobs"();--> statement-breakpoint
CREATE TRIGGER "vision_images_orphan_blobs" AFTER DELETE ON "vision_images" FOR EACH ROW EXECUTE FUNCTION "queue_orphaned_blobs"();
