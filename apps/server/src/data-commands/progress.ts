/** How a long run tells a person at a terminal where it is. */
export interface Progress {
  /** The current step, e.g. `copying pets: 340000 of 1000000 rows`; shown a few times a second at most. */
  show(text: string): void;
  /** Clears the line, so that the result that follows stands alone. */
  done(): void;
}

const SHOWN_EVERY_MS = 200;

/** Progress on one line of stderr, rewritten in place, when stderr is a terminal; nothing when it is piped. */
export function progressOn(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return { show: () => {}, done: () => {} };
  let shownAt = 0;
  let shown = false;
  return {
    show(text) {
      const now = Date.now();
      if (now - shownAt < SHOWN_EVERY_MS) return;
      shownAt = now;
      shown = true;
      stream.write(`\r\x1b[K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
