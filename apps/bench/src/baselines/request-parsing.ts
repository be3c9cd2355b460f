import type { NewPetJson } from './store-queries.js';

const STATUSES = new Set(['available', 'pending', 'sold']);

/** The list query of a request, or undefined when it is not one the store would accept. */
export function parseListQuery(params: URLSearchParams): { limit: number; status?: string } | undefined {
  const limit = Number(params.get('limit') ?? 20);
  const status = params.get('status') ?? undefined;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return undefined;
  if (status !== undefined && !STATUSES.has(status)) return undefined;
  return { limit, status };
}

/**
 * The least a create must check to write a valid row; the store validates far more (name rules, unknown fields),
 * which is part of the cost the comparison shows.
 */
export function parseNewPet(body: unknown): NewPetJson | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { name, categoryId, status } = body as Record<string, unknown>;
  if (typeof name !== 'string' || !Number.isSafeInteger(categoryId)) return undefined;
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.has(status))) return undefined;
  return { name, categoryId: categoryId as number, status };
}

/** A path id as the store reads it, or undefined. */
export function parsePetId(raw: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : undefined;
}
