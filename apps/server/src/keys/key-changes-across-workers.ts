import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { KeyVerifier } from './key-verifier.js';

/**
 * A key revoked or rotated on one worker holds at once on every worker of the instance (decision 044): the worker
 * that stored the change asks the cluster primary to have every other worker forget what it cached about the key,
 * and answers its request only once they all said they did. Other instances see the change within the cache time.
 */

const TAG = 'animal-store:key-changes';
/**
 * A primary or worker that does not answer is gone or stuck: the change is stored, so the request is answered
 * anyway, and a worker that missed the word sees the change within the cache time.
 */
const RELAY_TIMEOUT_MS = 2000;

/** Worker to primary: the key changed, tell the others. Primary to that worker (relayed): they all know. */
interface Changed {
  tag: typeof TAG;
  kind: 'changed' | 'relayed';
  id: number;
  keyId: number;
}

/** Primary to every other worker (forget), and their answer (forgotten). */
interface Forget {
  tag: typeof TAG;
  kind: 'forget' | 'forgotten';
  relay: number;
  keyId: number;
}

type Message = Changed | Forget;

const isMessage = (message: unknown): message is Message => (message as Message | undefined)?.tag === TAG;

/** Makes a stored key change hold at once in every process of this instance. */
export type ForgetKeyEverywhere = (keyId: number) => Promise<void>;

/** In a serving process: how a key change reaches the other workers, if there are any. */
export function forgetKeysAcrossWorkers(verifier: KeyVerifier, logger: Logger): ForgetKeyEverywhere {
  if (!cluster.isWorker) return async (keyId) => verifier.forget(keyId);
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  process.on('message', (message) => {
    if (!isMessage(message)) return;
    if (message.kind === 'forget') {
      verifier.forget(message.keyId);
      const forgotten: Forget = { ...message, kind: 'forgotten' };
      process.send?.(forgotten);
    } else if (message.kind === 'relayed') waiting.get(message.id)?.();
  });
  return (keyId) => {
    verifier.forget(keyId);
    return new Promise((resolve) => {
      const id = nextId++;
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(() => {
        logger.warn(
          { apiKeyId: String(keyId), timeoutMs: RELAY_TIMEOUT_MS },
          'the other workers did not confirm a key change in time: they see it within the cache time',
        );
        done();
      }, RELAY_TIMEOUT_MS);
      waiting.set(id, done);
      const changed: Changed = { tag: TAG, kind: 'changed', id, keyId };
      process.send?.(changed);
    });
  };
}

/** In the cluster primary, before the workers start: passes each key change on to every other worker. */
export function relayKeyChangesToWorkers(): void {
  const relays = new Map<number, { pending: Set<Worker>; answer: () => void }>();
  let nextRelay = 0;
  const answered = (relay: number, worker: Worker) => {
    const waiting = relays.get(relay);
    if (!waiting?.pending.delete(worker) || waiting.pending.size > 0) return;
    relays.delete(relay);
    waiting.answer();
  };
  cluster.on('message', (origin, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.kind === 'forgotten') return answered(message.relay, origin);
    if (message.kind !== 'changed') return;
    const answer = () => {
      const relayed: Changed = { ...message, kind: 'relayed' };
      if (origin.isConnected()) origin.send(relayed);
    };
    const others = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker !== origin && worker.isConnected(),
    );
    if (others.length === 0) return answer();
    const relay = nextRelay++;
    relays.set(relay, { pending: new Set(others), answer });
    const forget: Forget = { tag: TAG, kind: 'forget', relay, keyId: message.keyId };
    // A worker that cannot hear it any more serves nothing more: it does not hold the answer up.
    for (const worker of others)
      worker.send(forget, undefined, undefined, (error) => error && answered(relay, worker));
  });
  // A worker that goes away before it answers no longer holds anything in its cache.
  cluster.on('disconnect', (worker) => {
    for (const relay of [...relays.keys()]) answered(relay, worker);
  });
}
