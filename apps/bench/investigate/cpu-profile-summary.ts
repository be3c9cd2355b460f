/** The parts of a V8 .cpuprofile (as written by `node --cpu-prof`) that a self-time summary needs. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface HotSpot {
  name: string;
  /** Share of the busy time (idle excluded) spent in this function or area itself, in percent. */
  selfPercent: number;
}

/** Which package (or Node internal, or V8 bookkeeping) a script belongs to: the level advice is given at. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : 'native (driver, JSON, crypto)';
  if (url.startsWith('node:')) return `node:${url.slice('node:'.length).split('/')[0]}`;
  const packages = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/@][^/]*)/g)];
  const last = packages.at(-1)?.[1];
  if (last) return last;
  return url.includes('/apps/server/') ? '@animal-store/server' : url.replace(/^file:\/\//, '');
}

/** A function as the reports name it: its name, file and line, and its area, e.g. `list queries.js:12 [kysely]`. */
export function functionLabel(
  callFrame: { functionName: string; url: string; lineNumber: number },
  area: string,
): string {
  const file = callFrame.url.split('/').at(-1) ?? '';
  const place = file ? ` ${file}:${callFrame.lineNumber + 1}` : '';
  return `${callFrame.functionName || '(anonymous)'}${place} [${area}]`;
}

const percent = (value: number, total: number) => Math.round((value / total) * 1000) / 10;

export interface ProfileSummary {
  /** Self time by function. */
  functions: HotSpot[];
  /** Self time by area. */
  areas: HotSpot[];
  /**
   * Time with the area anywhere on the stack (counted once per sample), in `selfPercent`: what removing the
   * area's work, and everything it calls, could save at most.
   */
  areasInclusive: HotSpot[];
  /** Busy microseconds by area, every area, for per-request figures (divide by the requests served). */
  areaMicros: Record<string, number>;
}

/**
 * Samples taken while modules load are start-up, not request work: left out, so that a short profile of a server
 * that was started inside it still shows what a request costs.
 */
const isStartUp = (url: string) => url.startsWith('node:internal/modules/');

/**
 * Self and inclusive time from the samples and their time deltas; idle time is left out, so the percentages say
 * where the busy CPU went.
 */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    const stack: CpuProfile['nodes'][number]['callFrame'][] = [];
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const callFrame = byId.get(node);
      if (callFrame && callFrame.functionName !== '(root)') stack.push(callFrame);
    }
    if (stack.some((callFrame) => isStartUp(callFrame.url))) return;
    busy += delta;
    const area = areaOf(frame.url, frame.functionName);
    const label = functionLabel(frame, area);
    functions.set(label, (functions.get(label) ?? 0) + delta);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    const onStack = new Set(stack.map((callFrame) => areaOf(callFrame.url, callFrame.functionName)));
    for (const onStackArea of onStack) inclusive.set(onStackArea, (inclusive.get(onStackArea) ?? 0) + delta);
  });
  const ranked = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, selfPercent: percent(time, busy) }));
  return {
    functions: ranked(functions),
    areas: ranked(areas),
    areasInclusive: ranked(inclusive),
    areaMicros: Object.fromEntries(areas),
  };
}
