import { createHash } from 'node:crypto';

/** An answer's body as sent, with what is sent beside it. */
export interface Answer {
  bytes: Buffer;
  /** Strong: a digest of the bytes, so that the same answer has the same tag in every process and instance. */
  etag: string;
  /** A list page's `Link` to the next one. */
  link?: string;
}

export function answerOf(body: unknown, link?: string): Answer {
  const bytes = Buffer.from(JSON.stringify(body));
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, link };
}

/**
 * What an entry costs besides its body, its key and its link: the map's slot, the answer and Buffer objects, the
 * tag. Measured on Node 26 (heap and external memory over 100,000 animals and 10,000 pages of 20): an animal
 * takes 406 bytes, counted 487; a page 2,188, counted 2,094.
 */
const ENTRY_OVERHEAD_BYTES = 400;

const costOf = (key: string, answer: Answer) =>
  ENTRY_OVERHEAD_BYTES + answer.bytes.length + 2 * (key.length + (answer.link?.length ?? 0));

/**
 * Settled answers kept in memory within a byte budget, the least recently used forgotten first. A Map keeps its
 * keys in insertion order: an entry read is moved to the end, so the first key is always the least recently used.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, Answer>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: string): Answer | undefined {
    const answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  keep(key: string, answer: Answer): void {
    const cost = costOf(key, answer);
    if (cost > this.budgetBytes || this.entries.has(key)) return;
    this.bytes += cost;
    this.entries.set(key, answer);
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= costOf(oldest, kept);
    }
  }

  /** Bytes the kept answers take, by the count above. */
  get size(): number {
    return this.bytes;
  }
}
