/**
 * Identifiers are int64 on the wire, but JavaScript reads JSON numbers as doubles: anything above 2^53-1 would
 * silently change value in every JavaScript client. The store therefore never assigns or accepts a larger id.
 */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export const PET_NAME_MAX_LENGTH = 255;

export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
