import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of a process, read from /proc (Linux); undefined once it has gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

/** A process and all its descendants, so a clustered server's workers are measured and stopped with it. */
export function processTree(rootPid: number): number[] {
  let all: number[];
  try {
    all = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [rootPid];
  }
  const parents = new Map(all.map((pid) => [pid, parentOf(pid)]));
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** Resident memory of the processes in bytes (VmRSS); 0 for any that has gone. */
export function residentBytes(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {
      // The process ended between listing and reading: it holds no memory.
    }
  }
  return total;
}
