/**
 * The writes that close an answer (its final state, then the conversation's title) run at
 * most a few at a time. When hundreds of answers end together their statements would
 * otherwise fill the database's queue (PGlite runs one statement at a time; PostgreSQL's
 * pool has a handful of connections), and a new question's insert, which its model call
 * waits for, would queue behind all of them: closing writes wait in this lane instead.
 */
const MAX_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

export async function finishingWrite<T>(write: () => Promise<T>): Promise<T> {
  if (running < MAX_AT_ONCE) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await write();
  } finally {
    // The slot passes straight to the next waiting write, if any.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
