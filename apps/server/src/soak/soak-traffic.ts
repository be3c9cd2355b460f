import { PetListSchema, PetSchema } from '@animal-store/contract';

export interface SoakTally {
  requests: number;
  byStatus: Record<string, number>;
  /** Responses that broke the contract: a 5xx, or a status the request kind never gets. */
  violations: string[];
  createdIds: number[];
  latenciesMs: number[];
}

type Kind = 'list' | 'create' | 'get' | 'malformed';

/** 70% list, 25% create, 5% get of the well-formed traffic, plus 5% malformed requests on top. */
export function pickKind(random: number, malformed: number): Kind {
  if (malformed < 0.05) return 'malformed';
  if (random < 0.7) return 'list';
  return random < 0.95 ? 'create' : 'get';
}

const MALFORMED: Array<{ path: string; init: RequestInit; expect: number[] }> = [
  {
    path: '/v1/pets',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' },
    expect: [400],
  },
  { path: '/v1/pets?limit=0', init: {}, expect: [400] },
  { path: '/v1/pets/01', init: {}, expect: [400] },
  {
    path: '/v1/pets',
    init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
    expect: [415],
  },
  { path: '/v1/pets', init: { method: 'DELETE' }, expect: [405] },
];

/** One request of a random kind; records what came back. */
export async function sendOne(
  origin: string,
  apiKey: string,
  tally: SoakTally,
  sequence: number,
): Promise<void> {
  const kind = pickKind(Math.random(), Math.random());
  const auth = { authorization: `Bearer ${apiKey}` };
  const known = tally.createdIds[Math.floor(Math.random() * tally.createdIds.length)];
  const request =
    kind === 'list'
      ? { path: `/v1/pets?limit=20${sequence % 3 === 0 ? '&status=available' : ''}`, init: {}, expect: [200] }
      : kind === 'create'
        ? {
            path: '/v1/pets',
            init: {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                name: `soak ${sequence}`,
                categoryId: 1 + (sequence % 7),
                status: 'available',
              }),
            },
            expect: [201],
          }
        : kind === 'get'
          ? { path: `/v1/pets/${known ?? 1}`, init: {}, expect: known ? [200] : [200, 404] }
          : (MALFORMED[sequence % MALFORMED.length] as (typeof MALFORMED)[number]);

  const started = performance.now();
  const response = await fetch(`${origin}${request.path}`, {
    ...request.init,
    headers: { ...auth, ...(request.init.headers as Record<string, string>) },
  });
  const body = await response.json();
  tally.latenciesMs.push(performance.now() - started);
  tally.requests++;
  tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
  if (!request.expect.includes(response.status)) {
    tally.violations.push(
      `${request.init.method ?? 'GET'} ${request.path}: ${response.status} ${JSON.stringify(body)}`,
    );
  } else if (kind === 'create') {
    tally.createdIds.push(PetSchema.parse(body).id);
  } else if (kind === 'list') {
    PetListSchema.parse(body);
  }
}
