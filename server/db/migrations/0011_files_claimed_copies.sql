ALTER TABLE "files" DROP CONSTRAINT "files_uploader_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "files_uploader_hash_unclaimed_unique" ON "files" USING btree ("uploaded_by","sha256") WHERE "files"."market_id" is null;--> statement-breakpoint
CREATE INDEX "files_uploader_hash_idx" ON "files" USING btree ("uploaded_by","sha256");