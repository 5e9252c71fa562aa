/**
 * Texts → vectors through the official OpenAI SDK (Azure OpenAI and
 * OpenAI-compatible servers speak the same protocol), in batches, with the
 * provider's errors turned into text an administrator can act on.
 */
import { toProviderError } from "../llm/errors";
import { openAIClientFor, openAIProviderName } from "../llm/openaiProvider";
import type { EmbeddingModel } from "./embeddingModel";

/** Inputs per request: well under every provider's limit (OpenAI: 2048), small enough to retry cheaply. */
export const EMBEDDING_BATCH = 64;
/** Models read a few thousand tokens at most; a passage is ~800 characters, a question may be longer. */
const MAX_INPUT_CHARS = 8000;

export interface Embedder {
  /** The model's key (see EmbeddingModel.key). */
  modelKey: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Scaled to length 1, so cosine similarity is a dot product (and 0-vectors stay 0). */
export function normalised(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i]! /= norm;
  return vector;
}

export function createEmbedder(model: EmbeddingModel): Embedder {
  const client = openAIClientFor(model.connection);
  const name = openAIProviderName(model.connection);
  return {
    modelKey: model.key,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
        const batch = texts.slice(i, i + EMBEDDING_BATCH).map((t) => t.slice(0, MAX_INPUT_CHARS) || " ");
        let response;
        try {
          response = await client.embeddings.create({ model: model.deploymentName, input: batch }, { signal });
        } catch (error) {
          throw toProviderError(error, name);
        }
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length)
          throw new Error(`${name} answered ${ordered.length} embeddings for ${batch.length} texts.`);
        vectors.push(...ordered.map((d) => normalised(d.embedding)));
      }
      return vectors;
    },
  };
}
