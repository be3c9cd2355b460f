import { describe, expect, it } from 'vitest';
import { AttemptTimedOut } from './call-signal.js';
import { attemptLimit } from './retrying.js';

const settings = { attempts: 4, timeoutMs: 30_000, deadlineMs: 800, onRetry: undefined };

describe('attemptLimit', () => {
  it('cuts an attempt to what is left of the deadline, and names the deadline as given', () => {
    // Any time may pass before an attempt starts on a busy machine; the message does not change with it.
    for (const elapsedMs of [0, 1, 5, 250]) {
      const limit = attemptLimit(settings, elapsedMs);
      expect(limit.ms).toStrictEqual(800 - elapsedMs);
      expect(new AttemptTimedOut(limit).message).toStrictEqual(
        "No answer within the call's deadline of 0.8 s.",
      );
    }
  });

  it('keeps the attempt’s own timeout while the deadline leaves more', () => {
    const limit = attemptLimit({ ...settings, timeoutMs: 300 }, 5);
    expect(limit).toStrictEqual({ ms: 300, set: { by: 'timeout', ms: 300 } });
    expect(new AttemptTimedOut(limit).message).toStrictEqual('No answer within 0.3 s.');
  });

  it('gives an attempt past the deadline a moment rather than none', () => {
    expect(attemptLimit(settings, 900).ms).toStrictEqual(1);
  });
});
