import { readFileSync } from 'node:fs';
import {
  API_BASE_PATH,
  HttpUrlSchema,
  isEncryptedOrLoopback,
  LOOPBACK_IN_WORDS,
} from '@animal-store/contract';
import { z } from 'zod';
import { UsageError } from './cli-errors.js';
import { unreadableFile } from './unreadable-file.js';

export const DEFAULT_BASE_URL = `http://127.0.0.1:3000${API_BASE_PATH}`;

export interface ConnectionOptions {
  baseUrl?: string;
  staging?: boolean;
  apiKeyFile?: string;
  allowInsecure?: boolean;
}

export interface Connection {
  /** Base address ending in `API_BASE_PATH`, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
}

const httpUrl = HttpUrlSchema.transform((value) => value.replace(/\/+$/, ''));

/** Empty variables count as unset, as in most shells' `VAR= command`. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  ANIMAL_STORE_URL: optional(httpUrl),
  ANIMAL_STORE_STAGING_URL: optional(httpUrl),
  ANIMAL_STORE_API_KEY: optional(z.string()),
  ANIMAL_STORE_ALLOW_INSECURE: optional(
    z.enum(['0', '1'], { error: 'must be 1 or 0' }).transform((value) => value === '1'),
  ),
});

/** A key goes into an HTTP header: whitespace or control characters would break the request, not authenticate. */
const API_KEY_SHAPE = /^[\x21-\x7e]+$/;

/**
 * The one place that reads the environment. The API key comes from a variable or a file only: a flag value
 * would land in shell history and `ps` output. No message here ever contains the key.
 */
export function resolveConnection(
  options: ConnectionOptions,
  env: Record<string, string | undefined>,
): Connection {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new UsageError(problems.join('; '));
  }
  const { baseUrl, source } = resolveBaseUrl(options, parsed.data);
  if (
    !(options.allowInsecure || parsed.data.ANIMAL_STORE_ALLOW_INSECURE) &&
    !isEncryptedOrLoopback(baseUrl)
  ) {
    throw new UsageError(
      `${source} must use https:// unless it is a loopback address (${LOOPBACK_IN_WORDS}), since the API key would cross the network unencrypted; add --allow-insecure (or set ANIMAL_STORE_ALLOW_INSECURE=1) to send it anyway`,
    );
  }
  return { baseUrl, apiKey: resolveApiKey(options, parsed.data) };
}

/** The base address and the flag or variable it came from, to name in a message. */
function resolveBaseUrl(
  options: ConnectionOptions,
  env: z.infer<typeof EnvSchema>,
): { baseUrl: string; source: string } {
  if (options.staging) {
    if (!env.ANIMAL_STORE_STAGING_URL) {
      throw new UsageError('--staging needs ANIMAL_STORE_STAGING_URL to be set');
    }
    return { baseUrl: env.ANIMAL_STORE_STAGING_URL, source: 'ANIMAL_STORE_STAGING_URL' };
  }
  if (options.baseUrl !== undefined) {
    const flag = httpUrl.safeParse(options.baseUrl);
    if (!flag.success) throw new UsageError(`--base-url ${flag.error.issues[0]?.message}`);
    return { baseUrl: flag.data, source: '--base-url' };
  }
  if (env.ANIMAL_STORE_URL !== undefined)
    return { baseUrl: env.ANIMAL_STORE_URL, source: 'ANIMAL_STORE_URL' };
  return { baseUrl: DEFAULT_BASE_URL, source: 'the default base address' };
}

function resolveApiKey(options: ConnectionOptions, env: z.infer<typeof EnvSchema>): string {
  const source =
    options.apiKeyFile === undefined ? 'ANIMAL_STORE_API_KEY' : `--api-key-file ${options.apiKeyFile}`;
  const key = options.apiKeyFile === undefined ? env.ANIMAL_STORE_API_KEY : readKeyFile(options.apiKeyFile);
  if (key === undefined) {
    throw new UsageError('no API key: set ANIMAL_STORE_API_KEY or pass --api-key-file PATH');
  }
  if (!API_KEY_SHAPE.test(key)) {
    throw new UsageError(`the API key from ${source} is empty or contains spaces or control characters`);
  }
  return key;
}

function readKeyFile(path: string): string {
  try {
    // Editors and `echo key > file` leave a trailing newline; it is not part of the key.
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`cannot read --api-key-file ${unreadableFile(path, error)}`);
  }
}

/**
 * The width a user set for this command's tables (`COLUMNS=160 animal-store keys list`): as POSIX has it, COLUMNS
 * overrides what the terminal tells, and it is the only width there is on a terminal that tells none (a
 * pseudo-terminal without a size, some IDEs' consoles). Anything but a positive whole number counts as unset.
 */
export function columnsSetting(env: Record<string, string | undefined>): number | undefined {
  return /^[1-9][0-9]{0,4}$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : undefined;
}
