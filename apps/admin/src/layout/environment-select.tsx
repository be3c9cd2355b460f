import { useId } from 'react';
import type { Environment } from '../config/runtime-config';

interface EnvironmentSelectProps {
  environments: readonly Environment[];
  value: string;
  onChange: (name: string) => void;
}

/** Production or staging; rendered only when the deployment configures more than one base address. */
export function EnvironmentSelect({ environments, value, onChange }: EnvironmentSelectProps) {
  const id = useId();
  if (environments.length < 2) return null;
  return (
    <div className="field field-inline">
      <label htmlFor={id}>Environment</label>
      <select
        id={id}
        className={`environment-${value}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {environments.map((environment) => (
          <option key={environment.name} value={environment.name}>
            {environment.name}
          </option>
        ))}
      </select>
    </div>
  );
}
