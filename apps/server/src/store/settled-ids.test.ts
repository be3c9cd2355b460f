import { describe, expect, it } from 'vitest';
import { createLifetimeBoundMs, settledAfterBound, settledOnRead } from './settled-ids.js';

/** A clock the test moves by hand. */
function clock() {
  let now = 0;
  return {
    now: () => now,
    to: (at: number) => {
      now = at;
    },
  };
}

describe('which ids are settled', () => {
  it('on SQLite, every id as soon as it is read', () => {
    expect(settledOnRead.settledBy(1_000_000, 0)).toBe(true);
  });

  it('on PostgreSQL, an id once the bound has passed since an answer holding it or a larger one arrived', () => {
    const time = clock();
    const ids = settledAfterBound(1000, time.now);
    time.to(10_000);
    ids.observe(40, 10_000);
    // A read sent before the bound passed may miss an animal a create still held: not settled.
    time.to(10_999);
    expect(ids.settledBy(40, 10_999)).toBe(false);
    time.to(11_000);
    expect(ids.settledBy(40, 11_000)).toBe(true);
    expect(ids.settledBy(30, 11_000)).toBe(true);
    expect(ids.settledBy(41, 11_000)).toBe(false);
  });

  it('judges a read by when it was sent, not by when its answer arrived', () => {
    const time = clock();
    const ids = settledAfterBound(1000, time.now);
    ids.observe(40, 0);
    time.to(1500);
    expect(ids.settledBy(40, 900)).toBe(false);
    expect(ids.settledBy(40, 1000)).toBe(true);
  });

  it('refuses to judge a read sent longer ago than the bound, whatever it has folded away since', () => {
    const time = clock();
    const ids = settledAfterBound(1000, time.now);
    ids.observe(40, 0);
    time.to(5000);
    ids.observe(90, 5000);
    expect(ids.settledBy(40, 3999)).toBe(false);
    expect(ids.settledBy(40, 4000)).toBe(true);
    // Folded into what is settled: an id observed two bounds ago is settled for any read judged now.
    time.to(7000);
    expect(ids.settledBy(90, 6000)).toBe(true);
    expect(ids.settledBy(91, 6000)).toBe(false);
  });

  it('keeps few observations: one too soon after the last is dropped, which only settles later', () => {
    const time = clock();
    const ids = settledAfterBound(1600, time.now);
    ids.observe(10, 0);
    ids.observe(20, 50);
    time.to(1700);
    expect(ids.settledBy(10, 1700)).toBe(true);
    expect(ids.settledBy(20, 1700)).toBe(false);
  });

  it('bounds a create by four statements and three waits between them, each cut at the query bound, and one more', () => {
    expect(createLifetimeBoundMs(5000)).toBe(40_000);
  });
});
