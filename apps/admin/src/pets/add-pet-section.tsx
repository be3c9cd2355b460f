import type { Pet } from '@animal-store/contract';
import { useId, useState } from 'react';
import { AddPetPanel } from './add-pet-panel';

/**
 * "Add an animal": beside the catalogue on a wide screen, always open; on a narrow one, above the catalogue and
 * folded into one button, so that adding starts from the first screen instead of below the whole list.
 */
export function AddPetSection({
  onOpen,
  onAdded,
}: {
  onOpen: (pet: Pet) => void;
  onAdded: (pet: Pet) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="panel add-section" data-open={open} aria-labelledby={`${id}-title`}>
      <h2>
        {/* Folded, the title is only for screen readers: the button says the same, so the region keeps its name. */}
        <span className="add-title" id={`${id}-title`}>
          Add an animal
        </span>
        <button
          type="button"
          className="add-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close the form' : '+ Add an animal'}
        </button>
      </h2>
      <div className="add-body" id={`${id}-body`}>
        <AddPetPanel onOpen={onOpen} onAdded={onAdded} />
      </div>
    </section>
  );
}
