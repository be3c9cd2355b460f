import { readdirSync, readFileSync } from 'node:fs';

/** CPU time one thread of a process has used, in clock ticks (`getconf CLK_TCK`: 100 a second on Linux). */
export interface ThreadTimes {
  tid: number;
  /** The thread's name: the process's for its main thread, `V8 DefaultWorke` for V8's helpers (the collector's
   *  parallel and concurrent work, the optimising compiler), `libuv-worker` for the thread pool (asynchronous file
   *  writes, such as the log's). */
  name: string;
  userTicks: number;
  systemTicks: number;
}

/** Linux counts a thread's CPU time in these: 100 a second on every kernel configuration Node supports. */
export const TICKS_PER_SECOND = 100;

/**
 * One line of `/proc/<pid>/task/<tid>/stat`. The name is between the first '(' and the last ')' (it may hold spaces
 * and parentheses); utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
 */
export function parseTaskStat(line: string): ThreadTimes {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  const rest = line.slice(close + 2).split(' ');
  return {
    tid: Number(line.slice(0, open).trim()),
    name: line.slice(open + 1, close),
    userTicks: Number(rest[11]),
    systemTicks: Number(rest[12]),
  };
}

/** Every thread of a running process, from /proc (Linux only); a thread that ends while being read is left out. */
export function readThreadTimes(pid: number): ThreadTimes[] {
  const threads: ThreadTimes[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.push(parseTaskStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read: its time is gone with it.
    }
  }
  return threads;
}

/** CPU seconds a process used between two readings: its main thread's user and kernel time, and its other threads'. */
export interface CpuSpent {
  mainUser: number;
  mainSystem: number;
  otherThreads: number;
}

export function cpuSpentBetween(pid: number, before: ThreadTimes[], after: ThreadTimes[]): CpuSpent {
  const earlier = new Map(before.map((thread) => [thread.tid, thread]));
  const spent: CpuSpent = { mainUser: 0, mainSystem: 0, otherThreads: 0 };
  for (const thread of after) {
    const start = earlier.get(thread.tid);
    const user = (thread.userTicks - (start?.userTicks ?? 0)) / TICKS_PER_SECOND;
    const system = (thread.systemTicks - (start?.systemTicks ?? 0)) / TICKS_PER_SECOND;
    if (thread.tid === pid) {
      spent.mainUser += user;
      spent.mainSystem += system;
    } else {
      spent.otherThreads += user + system;
    }
  }
  return spent;
}
