/**
 * Retrieval for one question: the passages of the conversation's own FileSearch
 * attachments, the agent's files (uploaded with context GptSystem) and the
 * agent's file libraries, searched together and ranked as one collection.
 */
import type { Db } from "../db/client";
import type { Embedder } from "../embeddings/embedder";
import { agentFileIds } from "./conversationFiles";
import { DEFAULT_PASSAGE_COUNT, searchAttachments, type RetrievedPassage } from "./search";

export interface RetrievalRequest {
  /** Conversation attachments already checked to belong to the asking user. */
  attachmentIds: readonly string[];
  /** The configuration's dataSources: file library ids and the agent's own attachment ids. */
  dataSourceIds: readonly string[];
  /** The configuration the question is answered with (whose agent files may be searched). */
  configStateId?: string | null;
  question: string;
  limit?: number;
  /** The instance's embedder (embedderFor), for hybrid ranking; none: full text only. */
  embedder?: Embedder | null;
}

/** Every file a question may be answered from. */
export async function retrievalFileIds(db: Db, request: Omit<RetrievalRequest, "question">): Promise<string[]> {
  const agentFiles = await agentFileIds(db, request.dataSourceIds, request.configStateId ?? null);
  return [...new Set([...request.attachmentIds, ...agentFiles])];
}

export async function retrievePassages(db: Db, request: RetrievalRequest): Promise<RetrievedPassage[]> {
  const fileIds = await retrievalFileIds(db, request);
  return searchAttachments(db, fileIds, request.question, request.limit ?? DEFAULT_PASSAGE_COUNT, request.embedder);
}
