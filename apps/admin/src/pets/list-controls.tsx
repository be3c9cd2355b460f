import { LIST_LIMIT, ListPetsQuerySchema, PET_STATUSES } from '@animal-store/contract';
import { useId, useState } from 'react';
import { isPetStatus } from './pet-form-values';
import type { ListFilter } from './use-pet-pages';

/** The contract's own rule for `limit`, so the box accepts exactly what the store does, with its message. */
const limitSchema = ListPetsQuerySchema.shape.limit;

export function ListControls(props: { filter: ListFilter; onChange: (filter: ListFilter) => void }) {
  const id = useId();
  const [limitText, setLimitText] = useState(String(props.filter.limit));
  const [limitError, setLimitError] = useState<string>();

  const changeLimit = (text: string) => {
    setLimitText(text);
    const parsed = limitSchema.safeParse(text);
    if (!parsed.success) {
      setLimitError(`Page size ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    setLimitError(undefined);
    if (parsed.data !== props.filter.limit) props.onChange({ ...props.filter, limit: parsed.data });
  };

  return (
    <div className="list-controls">
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={props.filter.status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            props.onChange({ ...props.filter, status: isPetStatus(value) ? value : undefined });
          }}
        >
          <option value="">All statuses</option>
          {PET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-limit`}>Page size</label>
        <input
          id={`${id}-limit`}
          type="number"
          inputMode="numeric"
          min={LIST_LIMIT.min}
          max={LIST_LIMIT.max}
          value={limitText}
          aria-invalid={limitError !== undefined}
          aria-describedby={limitError ? `${id}-limit-error` : undefined}
          onChange={(event) => changeLimit(event.target.value)}
        />
        {limitError && (
          <p className="field-error" id={`${id}-limit-error`}>
            {limitError}
          </p>
        )}
      </div>
    </div>
  );
}
