import { z } from 'zod';

/**
 * /admin/config.json, written by the server that serves this app (not part of the API contract): the API base
 * addresses this deployment may talk to. Read at run time so that one build serves every deployment.
 */
const RuntimeConfigSchema = z.object({
  environments: z
    .array(z.object({ name: z.string().min(1), baseUrl: z.string().min(1) }))
    .min(1, 'lists no environment'),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
export type Environment = RuntimeConfig['environments'][number];

export const RUNTIME_CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

export async function fetchRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered with HTTP status ${response.status}`);
  const parsed = RuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`${RUNTIME_CONFIG_URL} is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
