/**
 * What the model is sent for one question: the path's turns (with their images
 * when the deployment can see), and, when the conversation has FileSearch
 * attachments, the best passages in the system prompt. The `local` engine is
 * given only what it quotes (the passages that match the question, at most
 * MAX_QUOTED_PASSAGES), and its citations are exactly those.
 */
import type { components } from "../../../generated/api";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createLocalEngine, MAX_QUOTED_PASSAGES } from "../../llm/localEngine";
import type { ChatTurn, ModelProvider } from "../../llm/types";
import { embedderFor } from "../../embeddings/currentEmbedder";
import { awaitIndexing } from "../../retrieval/awaitIndexing";
import { fileSearchAttachmentIds } from "../../retrieval/conversationFiles";
import { citationsOf, distinctPassages, groundedSystemPrompt, localPassages } from "../../retrieval/grounding";
import { retrievalFileIds } from "../../retrieval/retrieve";
import { DEFAULT_PASSAGE_COUNT, searchAttachments } from "../../retrieval/search";
import type { ResolvedModel } from "../gptSystems/modelForConfig";
import { CONTEXT_SHORTENED_STEP, MAX_CONTEXT_CHARACTERS, newestTurnsWithin } from "./contextBudget";
import type { ContextSegment, SegmentRow } from "./conversationRepo";
import { pathTo } from "./segmentTree";
import { imagePartsFor } from "./visionImages";

/** How many earlier question/answer pairs go to the model. */
const MAX_CONTEXT_SEGMENTS = 50;
/** Images cost many tokens each: only the newest ones on the path are sent. */
const MAX_IMAGES = 10;

export interface ModelInput {
  provider: ModelProvider;
  systemPrompt: string | undefined;
  messages: ChatTurn[];
  citations: components["schemas"]["Citation"][];
}

export interface ModelInputJob {
  db: Db;
  appConfig: Pick<Config, "blobDir" | "s3" | "indexingWaitMs" | "encryptionKey">;
  userId: string;
  segment: SegmentRow;
  model: ResolvedModel;
  systemPrompt: string | undefined;
  /** The file libraries the agent's configuration names. */
  dataSourceIds: readonly string[];
  /** The configuration's restrictAnswerToInformationReturnedByTools. */
  restrictToSources: boolean;
  signal: AbortSignal;
}

async function turnsWithImages(
  job: ModelInputJob,
  path: readonly ContextSegment[],
  step: (text: string) => void,
): Promise<ChatTurn[]> {
  const withImages = path.some((s) => s.visionImageIds.length > 0);
  if (withImages && !job.model.supportsVision) step("This agent's model cannot see images, so they were not sent");
  let budget = job.model.supportsVision ? MAX_IMAGES : 0;
  const imagesOf = new Map<string, string[]>();
  for (const s of [...path].reverse()) {
    const ids = s.visionImageIds.slice(0, budget);
    budget -= ids.length;
    if (ids.length > 0) imagesOf.set(s.conversationSegmentId, ids);
  }
  const turns: ChatTurn[] = [];
  for (const s of path) {
    const ids = imagesOf.get(s.conversationSegmentId);
    const images = ids ? await imagePartsFor(job.db, job.appConfig, ids) : [];
    pushQuestion(turns, s.question, images);
    // An answer of no words (failed, stopped at once, or only blank lines) is no turn: providers refuse empty ones.
    if (s !== job.segment && s.answer.trim() !== "") turns.push({ role: "assistant", content: s.answer });
  }
  return turns;
}

/**
 * A question after one that got no answer joins it in one turn: the model still reads what was
 * asked before ("try again" means something), and turns keep alternating as providers expect.
 */
function pushQuestion(turns: ChatTurn[], question: string, images: NonNullable<ChatTurn["images"]>): void {
  const last = turns.at(-1);
  if (last?.role !== "user") {
    turns.push({ role: "user", content: question, ...(images.length > 0 ? { images } : {}) });
    return;
  }
  last.content = `${last.content}\n\n${question}`;
  if (images.length > 0) last.images = [...(last.images ?? []), ...images];
}

export async function buildModelInput(
  job: ModelInputJob,
  allSegments: readonly ContextSegment[],
  step: (text: string) => void,
): Promise<ModelInput> {
  const before = pathTo(allSegments, job.segment.parentSegmentId);
  const path = [...before.slice(-MAX_CONTEXT_SEGMENTS), job.segment];
  const turns = await turnsWithImages(job, path, step);
  const messages = newestTurnsWithin(turns, MAX_CONTEXT_CHARACTERS);
  if (before.length > MAX_CONTEXT_SEGMENTS || messages.length < turns.length) step(CONTEXT_SHORTENED_STEP);
  const attached = await fileSearchAttachmentIds(job.db, job.userId, path);
  const fileIds = await retrievalFileIds(job.db, {
    attachmentIds: attached,
    dataSourceIds: job.dataSourceIds,
    configStateId: job.segment.configStateId,
  });
  if (fileIds.length === 0)
    return { provider: job.model.provider, systemPrompt: job.systemPrompt, messages, citations: [] };

  step("Searching your files");
  // Only the question's own uploads are worth waiting for; a library is searched as it is.
  await awaitIndexing(job.db, attached, job.appConfig.indexingWaitMs, job.signal);
  const embedder = await embedderFor(job.db, job.appConfig);
  const local = job.model.provider.type === "local";
  // A model given the beginning of the files when nothing matches may still summarise them; the
  // local engine can only quote, and quoting unrelated passages would pass them off as an answer.
  const found = await searchAttachments(
    job.db,
    fileIds,
    job.segment.question,
    // The local engine quotes: a few more than it shows, so that repeats can give way to other passages.
    local ? MAX_QUOTED_PASSAGES * 2 : DEFAULT_PASSAGE_COUNT,
    embedder,
    { beginningWhenNothingMatches: !local },
  );
  const passages = local ? distinctPassages(found, MAX_QUOTED_PASSAGES) : found;
  const provider = local
    ? createLocalEngine(() => ({ passages: localPassages(passages), searchedFiles: true }))
    : job.model.provider;
  return {
    provider,
    systemPrompt: groundedSystemPrompt(job.systemPrompt, passages, job.restrictToSources),
    messages,
    citations: citationsOf(passages),
  };
}
