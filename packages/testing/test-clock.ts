import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The clock of the processes tests start, through libfaketime (Debian's `faketime` package), which moves a process's
 * wall clock and nothing else: the server reads the time as it always does, so what is tested is what ships.
 *
 * libfaketime reads these variables once, at the process's start. Timers and timeouts run on the monotonic clock,
 * which stays real (DONT_FAKE_MONOTONIC), so a moved clock never shortens or stretches a wait.
 */
const CLOCK_VARIABLES = ['LD_PRELOAD', 'FAKETIME', 'DONT_FAKE_MONOTONIC'] as const;

/**
 * This process's clock, for a child to share: a run under `faketime -f '+730d' …` moves the servers its tests start
 * as far as itself, so that what a test computes from its own clock (an expiry a day ahead) means the same to them.
 * Empty on the real clock.
 */
export function sharedClock(): Record<string, string> {
  if (process.env.FAKETIME === undefined) return {};
  return Object.fromEntries(
    CLOCK_VARIABLES.flatMap((name) => {
      const value = process.env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/** Where Debian's package and a build from source put the library; multiarch folders differ by machine. */
function findLibfaketime(): string | undefined {
  const multiarch = existsSync('/usr/lib')
    ? readdirSync('/usr/lib').map((folder) => join('/usr/lib', folder, 'faketime', 'libfaketime.so.1'))
    : [];
  return [...multiarch, '/usr/local/lib/faketime/libfaketime.so.1'].find((path) => existsSync(path));
}

const LIBFAKETIME = findLibfaketime();

/** Why a child's clock cannot be set here, or undefined when it can; under CI it must be possible. */
export function setClockUnavailable(): string | undefined {
  const reason = LIBFAKETIME ? undefined : 'libfaketime is missing (apt-get install faketime)';
  if (reason && process.env.CI) throw new Error(`CI must run the tests that set a clock, but ${reason}.`);
  return reason;
}

/**
 * The environment of a child whose wall clock starts at `instant` and runs on from there at the real pace, whatever
 * this process's own clock says (it replaces a shared one).
 */
export function clockStartingAt(instant: Date): Record<string, string> {
  const reason = setClockUnavailable();
  if (!LIBFAKETIME) throw new Error(`cannot set a clock: ${reason}`);
  // libfaketime reads the instant in the process's local time: UTC makes it the instant given.
  const at = instant.toISOString().slice(0, 19).replace('T', ' ');
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: `@${at}`, DONT_FAKE_MONOTONIC: '1', TZ: 'UTC' };
}
