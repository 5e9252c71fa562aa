/**
 * The graph index of one file: its entities with the number of passages that
 * mention each, and for every pair of entities the number of passages that
 * mention both (the co-occurrence that later widens questions).
 */
import { extractEntities } from "./extractEntities";

export interface FileGraph {
  entities: { entityKey: string; name: string; chunkCount: number }[];
  cooccurrences: { entityKey: string; relatedKey: string; chunkCount: number }[];
}

export function buildGraph(passages: readonly { heading: string | null; content: string }[]): FileGraph {
  const entities = new Map<string, { name: string; chunkCount: number }>();
  const pairs = new Map<string, number>();
  for (const passage of passages) {
    const found = extractEntities(passage.heading ? `${passage.heading}\n${passage.content}` : passage.content);
    for (const { key, name } of found) {
      const entity = entities.get(key);
      if (entity) entity.chunkCount++;
      else entities.set(key, { name, chunkCount: 1 });
    }
    for (const a of found)
      for (const b of found)
        if (a.key !== b.key) pairs.set(`${a.key}\u0000${b.key}`, (pairs.get(`${a.key}\u0000${b.key}`) ?? 0) + 1);
  }
  return {
    entities: [...entities].map(([entityKey, e]) => ({ entityKey, ...e })),
    cooccurrences: [...pairs].map(([pair, chunkCount]) => {
      const [entityKey, relatedKey] = pair.split("\u0000") as [string, string];
      return { entityKey, relatedKey, chunkCount };
    }),
  };
}
