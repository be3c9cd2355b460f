import { describe, expect, it } from 'vitest';
import { displayWidth } from './display-width.js';

describe('displayWidth', () => {
  it.each([
    ['Rex', 3],
    ['Ünïcødé', 7],
    ['e\u0301', 1],
    ['猫', 2],
    ['🐕', 2],
    ['👩‍👩‍👧', 2],
    ['Rex 🐕 猫', 9],
  ])('%j takes %i columns', (text, width) => {
    expect(displayWidth(text)).toStrictEqual(width);
  });
});
