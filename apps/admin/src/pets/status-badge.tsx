import type { PetStatus } from '@animal-store/contract';

/** The status in words and in colour (never colour alone); an animal added without a status says so. */
export function StatusBadge({ status }: { status: PetStatus | undefined }) {
  return <span className={`badge badge-${status ?? 'none'}`}>{status ?? 'not set'}</span>;
}
