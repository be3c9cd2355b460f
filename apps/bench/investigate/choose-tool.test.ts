import { describe, expect, it } from 'vitest';
import { chooseTool, usage } from './choose-tool.js';

describe('chooseTool', () => {
  it('takes exactly one known tool', () => {
    expect(chooseTool(['allocations'])).toStrictEqual({ tool: 'allocations' });
    expect(chooseTool([])).toStrictEqual({ error: 'which tool?' });
    expect(chooseTool(['toString'])).toStrictEqual({ error: "unknown tool 'toString'" });
    expect(chooseTool(['profile', '--quick'])).toStrictEqual({
      error: 'profile takes no arguments, got: --quick',
    });
  });

  it('answers --help wherever it stands, with every tool listed', () => {
    expect(chooseTool(['profile', '--help'])).toStrictEqual({ help: true });
    expect(usage()).toMatch(/^ {2}profile {7}the store/m);
    expect(usage()).toMatch(/^ {2}instructions {2}instructions/m);
  });
});
