import cluster from 'node:cluster';
import type { ClientRateLimitInfo, Store as CounterStore, Options } from 'express-rate-limit';

/**
 * Rate-limit counters kept by the cluster primary, so that all the workers of one instance spend one budget
 * (decision 013). Each worker store asks the primary over Node's cluster IPC channel; the primary counts in fixed
 * windows, like express-rate-limit's MemoryStore, and answers each increment with the count as it stood right
 * after that increment, so that a burst spread over the workers is decided exactly.
 */

const TAG = 'animal-store:rate-limit-counters';
/** A primary that does not answer is gone, and its workers with it: this only keeps a request from hanging. */
const ANSWER_TIMEOUT_MS = 1000;

type Command = 'increment' | 'decrement' | 'get' | 'resetKey';

interface Question {
  tag: typeof TAG;
  id: number;
  counter: string;
  command: Command;
  key: string;
  windowMs: number;
}

interface Window {
  totalHits: number;
  resetAtMs: number;
}

interface Answer {
  tag: typeof TAG;
  id: number;
  counter: string;
  window: Window | undefined;
}

const isAnswer = (message: unknown, counter: string): message is Answer =>
  (message as Answer | undefined)?.tag === TAG && (message as Answer).counter === counter;

/** A worker's view of one limiter's counters (`name`: which limiter), held by the primary. */
export class ClusterCounterStore implements CounterStore {
  private windowMs = 60_000;
  private nextId = 0;
  private readonly waiting = new Map<number, (window: Window | undefined) => void>();

  constructor(private readonly name: string) {
    process.on('message', (message) => {
      if (isAnswer(message, name)) this.waiting.get(message.id)?.(message.window);
    });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const window = await this.ask('increment', key);
    return infoOf(window ?? { totalHits: 1, resetAtMs: Date.now() + this.windowMs });
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const window = await this.ask('get', key);
    return window && infoOf(window);
  }

  async decrement(key: string): Promise<void> {
    await this.ask('decrement', key);
  }

  async resetKey(key: string): Promise<void> {
    await this.ask('resetKey', key);
  }

  private ask(command: Command, key: string): Promise<Window | undefined> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the cluster primary did not answer ${command} within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(id, (window) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(window);
      });
      const question: Question = { tag: TAG, id, counter: this.name, command, key, windowMs: this.windowMs };
      process.send?.(question);
    });
  }
}

const infoOf = (window: Window): ClientRateLimitInfo => ({
  totalHits: window.totalHits,
  resetTime: new Date(window.resetAtMs),
});

/** In the cluster primary, before the workers start: keeps the counters they share. */
export function keepCountersForWorkers(): void {
  const windows = new Map<string, Window>();
  const current = (id: string, now: number) => {
    const window = windows.get(id);
    if (window && window.resetAtMs <= now) windows.delete(id);
    return window && window.resetAtMs > now ? window : undefined;
  };
  cluster.on('message', (worker, message: Question) => {
    if (message?.tag !== TAG) return;
    const id = `${message.counter}\0${message.key}`;
    const now = Date.now();
    let window = current(id, now);
    if (message.command === 'increment') {
      window ??= { totalHits: 0, resetAtMs: now + message.windowMs };
      window.totalHits += 1;
      windows.set(id, window);
    } else if (message.command === 'decrement' && window) {
      window.totalHits = Math.max(0, window.totalHits - 1);
    } else if (message.command === 'resetKey') {
      windows.delete(id);
      window = undefined;
    }
    // A copy: the answer is the count as it stands now, whatever later questions do to the window.
    const answer: Answer = {
      tag: TAG,
      id: message.id,
      counter: message.counter,
      window: window && { ...window },
    };
    worker.send(answer);
  });
  // Windows that ended are dropped, so that addresses seen once do not stay in memory.
  setInterval(() => {
    const now = Date.now();
    for (const [id, window] of windows) if (window.resetAtMs <= now) windows.delete(id);
  }, 60_000).unref();
}
