/**
 * What a stored answer shows of the code interpreter after a reload: its runs
 * as the same markdown that streamed, and its files as openAIFileReferences.
 */
import { asc, inArray } from "drizzle-orm";
import type { components } from "../../generated/api";
import type { Db } from "../db/client";
import { codeInterpreterRuns, generatedFiles } from "../db/codeInterpreterSchema";
import { generatedImageUrl } from "./generatedFiles";
import { responseOf } from "./interpreterMarkdown";
import { SANDBOX_DATA_DIR } from "./sandbox";

type Segment = components["schemas"]["ConversationSegment"];
type FileReference = components["schemas"]["OpenAIFileReference"];

export async function attachCodeInterpreterResults(db: Db, segments: Segment[]): Promise<Segment[]> {
  const ids = segments.map((s) => s.conversationSegmentId);
  if (ids.length === 0) return segments;
  const runs = await db
    .select()
    .from(codeInterpreterRuns)
    .where(inArray(codeInterpreterRuns.conversationSegmentId, ids))
    .orderBy(asc(codeInterpreterRuns.ordinal));
  if (runs.length === 0) return segments;
  const files = await db
    .select()
    .from(generatedFiles)
    .where(inArray(generatedFiles.conversationSegmentId, ids))
    .orderBy(asc(generatedFiles.createdAt), asc(generatedFiles.fileName));
  return segments.map((segment) => {
    const own = runs.filter((r) => r.conversationSegmentId === segment.conversationSegmentId);
    if (own.length === 0) return segment;
    const ownFiles = files.filter((f) => f.conversationSegmentId === segment.conversationSegmentId);
    const references: FileReference[] = ownFiles.map((f) => ({
      reference: `${SANDBOX_DATA_DIR}/${f.fileName}`,
      fileId: f.fileId,
      fileName: f.fileName,
      mimeType: f.mimeType,
      byteSize: f.byteSize,
      imageUrl: f.imageKey ? generatedImageUrl(f) : null,
    }));
    const codeInterpreterResponse = responseOf(own);
    return { ...segment, codeInterpreterResponse, openAIFileReferences: references };
  });
}
