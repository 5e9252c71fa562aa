-- Hand-written (drizzle-kit does not model triggers): a deleted generated file, also by cascade
-- (its conversation deleted by retention, its owner deleted), queues its blob for the sweeper
-- like attachments and vision images do (0007).
CREATE TRIGGER "generated_files_orphan_blob" AFTER DELETE ON "generated_files" FOR EACH ROW EXECUTE FUNCTION "queue_orphaned_blobs"();
