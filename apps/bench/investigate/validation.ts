import { storeContract } from '@animal-store/contract';
import { z } from 'zod';

/** What ts-rest calls for each part of a request: the Standard Schema `validate` of the part's schema. */
type Validated = z.ZodType & { '~standard': { validate(value: unknown): unknown } };

/** The headers of a read, as a load generator sends them. */
const HEADERS = {
  host: '127.0.0.1:3000',
  connection: 'keep-alive',
  authorization: `Bearer as_live_${'k'.repeat(43)}`,
  'user-agent': 'autocannon',
};

/** The schemas ts-rest checks on the two reads, as the server serves them (headers as one object schema). */
const PARTS: { name: string; schema: Validated; input: unknown }[] = [
  { name: 'getPet path', schema: storeContract.getPet.pathParams as Validated, input: { petId: '4711' } },
  { name: 'getPet query', schema: storeContract.getPet.query as Validated, input: {} },
  { name: 'getPet headers', schema: z.object(storeContract.getPet.headers) as Validated, input: HEADERS },
  { name: 'listPets query', schema: storeContract.listPets.query as Validated, input: { limit: '20' } },
  { name: 'listPets headers', schema: z.object(storeContract.listPets.headers) as Validated, input: HEADERS },
];

const ROUNDS = 15;
const CALLS = 200_000;

/** ns a call, taken in `ROUNDS` alternating rounds of `CALLS` each; the median round of each. */
function nanosecondsACall(runs: Record<string, () => unknown>): Record<string, number> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  const names = Object.keys(runs);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const run = runs[name] as () => unknown;
      const start = process.hrtime.bigint();
      for (let call = 0; call < CALLS; call += 1) run();
      samples[name]?.push(Number(process.hrtime.bigint() - start) / CALLS);
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** Which fields of an object schema `z.compile` refuses on their own (it runs those on the runtime parser). */
function refusedFields(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).flatMap(([field, fieldSchema]) => {
    try {
      z.compile(fieldSchema, { strict: true });
      return [];
    } catch (error) {
      return [`${field} (${(error as Error).message.replace(/; this schema.*/, '')})`];
    }
  });
}

/**
 * Request validation of the two reads by Zod's runtime parser and by `z.compile`, the way ts-rest calls it
 * (`~standard.validate`), in one process, side by side: whether compiling the request schemas would pay.
 */
export async function validation(): Promise<void> {
  for (const { name, schema, input } of PARTS) {
    const compiled = z.compile(schema) as Validated;
    const same =
      JSON.stringify(compiled['~standard'].validate(input)) ===
      JSON.stringify(schema['~standard'].validate(input));
    const times = nanosecondsACall({
      runtime: () => schema['~standard'].validate(input),
      compiled: () => compiled['~standard'].validate(input),
    });
    const refused = refusedFields(schema);
    process.stdout.write(
      `${name}: runtime ${Math.round(times.runtime as number)} ns, compiled ${Math.round(times.compiled as number)} ns ` +
        `(runtime ÷ compiled ${((times.runtime as number) / (times.compiled as number)).toFixed(2)})` +
        `${same ? '' : ', DIFFERENT RESULTS'}${refused.length > 0 ? `; run on the runtime: ${refused.join(', ')}` : ''}\n`,
    );
  }
}
