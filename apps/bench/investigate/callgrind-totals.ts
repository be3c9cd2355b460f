/**
 * The instructions counted in a callgrind output file (`events: Ir`): its `totals:` line, or, in files without one,
 * its `summary:` line. Callgrind writes the summary before any cost lines, so a file written at exit can carry
 * `summary: 0` when instrumentation was switched on later; the totals line then holds the count.
 */
export function callgrindInstructions(fileText: string): number {
  const line = (key: string) => fileText.match(new RegExp(`^${key}:\\s*(\\d+)`, 'm'))?.[1];
  const count = line('totals') ?? line('summary');
  if (count === undefined) throw new Error('not a callgrind output file: no totals or summary line');
  return Number(count);
}
