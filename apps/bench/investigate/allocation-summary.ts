import { areaOf, functionLabel } from './cpu-profile-summary.js';

/** The parts of a V8 sampling heap profile (HeapProfiler.stopSampling) that a per-request summary needs. */
export interface SamplingHeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  /** Bytes the samples attribute to this function itself. */
  selfSize: number;
  children: SamplingHeapProfileNode[];
}

export interface AllocationCost {
  name: string;
  bytesPerRequest: number;
}

export interface AllocationSummary {
  bytesPerRequest: number;
  areas: AllocationCost[];
  functions: AllocationCost[];
}

/** Bytes allocated per request, in all and by area (package) and by function, the largest first. */
export function summariseAllocations(
  head: SamplingHeapProfileNode,
  requests: number,
  top = 12,
): AllocationSummary {
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  const visit = (node: SamplingHeapProfileNode) => {
    if (node.selfSize > 0) {
      const area = areaOf(node.callFrame.url, node.callFrame.functionName);
      const label = functionLabel(node.callFrame, area);
      areas.set(area, (areas.get(area) ?? 0) + node.selfSize);
      functions.set(label, (functions.get(label) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  const perRequest = (bytes: number) => bytes / Math.max(1, requests);
  const ranked = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, bytes]) => ({ name, bytesPerRequest: perRequest(bytes) }));
  return { bytesPerRequest: perRequest(total), areas: ranked(areas), functions: ranked(functions) };
}
