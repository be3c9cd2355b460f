import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { benchNode } from '../bench-node.js';
import { processTree, residentBytes } from './process-tree.js';

/** Long enough for a cold start on a busy 2-core machine; a server slower than this is reported as failed. */
export const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 10;
/** The store lets in-flight requests finish for up to 10 s; after that the harness stops waiting. */
const STOP_TIMEOUT_MS = 12_000;

export interface ServerSpec {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** A GET that answers 200 once the server serves requests. */
  readyUrl: string;
  headers: Record<string, string>;
  /** Where the server's stdout and stderr go: a file, as a log shipper would read it, not a pipe into the harness. */
  logPath: string;
  /** A program that runs node with the arguments, with its own arguments first (e.g. valgrind); none by default. */
  launcher?: readonly string[];
  /** How long a start may take; a server under valgrind starts dozens of times slower. */
  readyTimeoutMs?: number;
  /** How long a stop may take before the server is killed; valgrind writes its figures as the server exits. */
  stopTimeoutMs?: number;
}

export interface RunningServer {
  pid: number;
  /** From spawn to the first 200. */
  coldStartMs: number;
  /** Processes in the server's tree now: 1, or more for a cluster. */
  processCount(): number;
  residentBytes(): number;
  stop(): Promise<void>;
}

/**
 * Preloaded into every server, whose stdin is a pipe from the harness: when the harness ends without stopping it
 * (a test's hook timed out, the runner was killed, Ctrl-C twice), the pipe closes and the server stops itself. The
 * same few lines in every contender, so the comparison stays fair.
 */
const EXIT_WITH_HARNESS = fileURLToPath(import.meta.resolve('@animal-store/testing/exit-with-parent'));

const running = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function killTree(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

async function stopChild(child: ChildProcess, timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  const tree = child.pid === undefined ? [] : processTree(child.pid);
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited(child).then(() => true), sleep(timeoutMs, false)]);
  // Workers of a cluster that outlive their primary, or a server that ignored SIGTERM: neither may keep running.
  killTree(stopped ? tree.slice(1) : tree);
  await exited(child);
  running.delete(child);
}

/** Stops every server still running; called when a run ends, also on failure or Ctrl-C. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

/** Last resort when the harness exits without having stopped its servers: nothing is left behind. */
export function killAllServersNow(): void {
  for (const child of running) if (child.pid !== undefined) killTree(processTree(child.pid));
}

/** What the server wrote to its log since `offset`, the log's size when it was started. */
function logSince(path: string, offset: number): string {
  try {
    return readFileSync(path).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

function logSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * A server that exited because its port was taken between the harness finding it free and the server binding it:
 * another suite's server got there first. Worth one more try on another port; any other failure is not.
 */
export class PortTakenError extends Error {}

/** What a Node server (EADDRINUSE) or the store (its own sentence) writes when its port is taken. */
const PORT_TAKEN = /EADDRINUSE|already in use/;

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const logOffset = logSize(spec.logPath);
  const log = openSync(spec.logPath, 'a');
  const startedAt = performance.now();
  const node = [benchNode, '--import', EXIT_WITH_HARNESS];
  const [command, ...args] = [...(spec.launcher ?? []), ...node, ...spec.args] as [string, ...string[]];
  const child = spawn(command, args, { env: spec.env, stdio: ['pipe', log, log] });
  closeSync(log);
  running.add(child);
  const deadline = startedAt + (spec.readyTimeoutMs ?? READY_TIMEOUT_MS);
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const ok = await fetch(spec.readyUrl, { headers: spec.headers, signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      })
      .catch(() => false);
    if (ok) {
      const coldStartMs = performance.now() - startedAt;
      const pid = child.pid as number;
      return {
        pid,
        coldStartMs,
        processCount: () => processTree(pid).length,
        residentBytes: () => residentBytes(processTree(pid)),
        stop: () => stopChild(child, spec.stopTimeoutMs),
      };
    }
    await sleep(READY_POLL_MS);
  }
  const exitedByItself = child.exitCode !== null || child.signalCode !== null;
  await stopChild(child);
  const logged = logSince(spec.logPath, logOffset);
  const message = `${spec.name} did not answer 200 at ${spec.readyUrl}; its log ends:\n${logged.slice(-2_000)}`;
  throw exitedByItself && PORT_TAKEN.test(logged) ? new PortTakenError(message) : new Error(message);
}
