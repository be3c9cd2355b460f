import { readFileSync } from 'node:fs';

/** The machine's CPU time counters since boot, in clock ticks, as Linux reports them in /proc/stat. */
export interface CpuTimes {
  /** Time the hypervisor gave this virtual machine's CPUs to someone else while they had work. */
  steal: number;
  total: number;
}

/**
 * Reads the first (all CPUs) line of /proc/stat: user nice system idle iowait irq softirq steal guest guest_nice.
 * Guest time is already counted in user and nice, so the total stops at steal. Undefined where there is no such
 * line (not Linux).
 */
export function parseCpuTimes(procStat: string): CpuTimes | undefined {
  const [label, ...fields] = procStat.split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
  const ticks = fields.slice(0, 8).map(Number);
  if (label !== 'cpu' || ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
  return { steal: ticks[7] as number, total: ticks.reduce((sum, tick) => sum + tick, 0) };
}

export function readCpuTimes(): CpuTimes | undefined {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The share of the machine's CPU time taken by the host between two readings (0.3: 30%). On a shared virtual
 * machine this is what most moves the figures from one run to the next, so a run reports it next to them.
 */
export function stealShare(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}
