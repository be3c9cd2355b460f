import type { Pet } from '@animal-store/contract';
import { StatusBadge } from './status-badge';

interface PetTableProps {
  pets: readonly Pet[];
  caption: string;
  /** True while the next rows load; the current ones stay visible but are marked stale. */
  busy: boolean;
  onOpen: (pet: Pet) => void;
}

export function PetTable({ pets, caption, busy, onOpen }: PetTableProps) {
  return (
    <div className="table-scroll">
      <table className="pet-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <tr key={pet.id}>
              <td className="numeric pet-id" data-label="ID">
                {pet.id}
              </td>
              <th scope="row" className="pet-name">
                {/* The name opens the details: one tab stop per row, announced as "<name>, button". */}
                <button
                  type="button"
                  className="link-button"
                  aria-haspopup="dialog"
                  onClick={() => onOpen(pet)}
                >
                  {pet.name}
                </button>
              </th>
              <td className="numeric pet-category" data-label="Category">
                {pet.categoryId}
              </td>
              <td className="pet-status">
                <StatusBadge status={pet.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
