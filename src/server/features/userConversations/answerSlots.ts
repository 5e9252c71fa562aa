/**
 * How many answers each asker has coming at once on this process (MAX_ANSWERS_PER_USER): a slot is
 * taken before the question is stored, synchronously, so that questions sent together cannot all
 * pass the check, and given back once the answer has ended (stored final, failed or stopped).
 */
import { problem } from "../../http/problem";

export class AnswerSlots {
  private readonly taken = new Map<string, number>();

  /** Takes one of `asker`'s slots (`max` 0: no limit); 429 when all are taken. Returns its release, safe to call twice. */
  take(asker: string, max: number): () => void {
    const count = this.taken.get(asker) ?? 0;
    if (max > 0 && count >= max)
      throw problem(
        429,
        "Too Many Requests",
        `You already have ${max} answers coming at once. Wait for one of them to finish, then ask again.`,
      );
    this.taken.set(asker, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.taken.get(asker) ?? 1) - 1;
      if (left > 0) this.taken.set(asker, left);
      else this.taken.delete(asker);
    };
  }

  /** Slots `asker` holds now. */
  count(asker: string): number {
    return this.taken.get(asker) ?? 0;
  }
}
