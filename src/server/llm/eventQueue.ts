/**
 * An async iterator fed by callbacks: a producer pushes events as its source delivers
 * them, the consumer's `for await` takes them. The streaming answer path reads a model's
 * events through one of these instead of a chain of async generators (body → events →
 * provider events), each of which cost a promise and an iterator result per token on the
 * server thread (scripts/bench/streaming.ts: a few hundred answers at once).
 */
interface Waiting<T> {
  resolve(result: IteratorResult<T, undefined>): void;
  reject(error: unknown): void;
}

export interface EventQueueSource {
  /** The consumer stopped early (`break`, a throw): release the source. */
  stop(): void;
  /** Called when HIGH_WATER events wait unread, and when they have all been read. */
  pause?(): void;
  resume?(): void;
}

const HIGH_WATER = 64;
const DONE: IteratorResult<never, undefined> = { done: true, value: undefined };

export class EventQueue<T> implements AsyncIterableIterator<T, undefined> {
  private items: T[] = [];
  private head = 0;
  private waiting: Waiting<T> | undefined;
  private finished = false;
  private failure: { error: unknown } | undefined;
  private paused = false;

  constructor(private readonly source: EventQueueSource) {}

  push(item: T): void {
    if (this.finished) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ done: false, value: item });
      return;
    }
    this.items.push(item);
    if (!this.paused && this.items.length - this.head >= HIGH_WATER && this.source.pause) {
      this.paused = true;
      this.source.pause();
    }
  }

  /** No more events: the consumer reads what is queued, then its loop ends (or throws `error`). */
  end(error?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    if (error !== undefined) this.failure = { error };
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    if (this.failure) waiting.reject(this.takeFailure());
    else waiting.resolve(DONE);
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head++]!;
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
        if (this.paused) {
          this.paused = false;
          this.source.resume?.();
        }
      }
      return Promise.resolve({ done: false, value });
    }
    if (this.failure) return Promise.reject(this.takeFailure());
    if (this.finished) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<T, undefined>> {
    if (!this.finished) {
      this.finished = true;
      this.source.stop();
    }
    this.items = [];
    this.head = 0;
    this.failure = undefined;
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private takeFailure(): unknown {
    const { error } = this.failure!;
    this.failure = undefined;
    return error;
  }
}
