/** The tools, by the name the command takes, and what each prints. */
export const TOOLS = {
  profile: 'the store and bare Express profiled side by side: CPU by package and function (about 4 minutes)',
  allocations: 'bytes a request allocates in the store and in bare Express, by package and function',
  instructions:
    "instructions a read costs each, and the metrics' share, counted by callgrind (needs valgrind)",
  'cpu-time':
    "where a request's CPU time goes in the store, Fastify and bare Express: threads, kernel, collector (about 2 minutes)",
  features:
    'what each feature of a read costs: the store beside copies of its build without one feature each (about 10 minutes)',
  tracing: 'the store and store + tracing alone, side by side as the bench runs them (about 3 minutes)',
  'log-writes':
    "CPU time a request log line costs through pino's destination and written once per turn, in one process (about 1 minute)",
  validation:
    "the reads' request validation by Zod's runtime parser and by z.compile, side by side (about 1 minute)",
  'key-policy':
    "a key's own limit, 50 networks and its usage counted, beside the same key configured: CPU a read (about 2 minutes)",
  'kept-answers':
    'the store keeping answers, with a tiny budget and with none, beside Fastify: reads and 304s (about 6 minutes)',
} as const;

export type ToolName = keyof typeof TOOLS;

export type Choice = { tool: ToolName } | { help: true } | { error: string };

const isTool = (name: string): name is ToolName => Object.hasOwn(TOOLS, name);

/** The command's arguments: exactly one tool, or `--help`. */
export function chooseTool(args: readonly string[]): Choice {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const [name, ...rest] = args;
  if (name === undefined) return { error: 'which tool?' };
  if (!isTool(name)) return { error: `unknown tool '${name}'` };
  if (rest.length > 0) return { error: `${name} takes no arguments, got: ${rest.join(' ')}` };
  return { tool: name };
}

export function usage(): string {
  const width = Math.max(...Object.keys(TOOLS).map((name) => name.length));
  return [
    'Usage: pnpm --filter @animal-store/bench investigate <tool>',
    '',
    'Looks inside the store instead of comparing it; built on demand, never by pnpm check.',
    ...Object.entries(TOOLS).map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    'BENCH_NODE and BENCH_POSTGRES_URL as for pnpm bench (docs/performance.md); figures go to stdout.',
    '',
  ].join('\n');
}
