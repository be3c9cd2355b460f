import { MAX_ALLOWED_NETWORKS } from '@animal-store/contract';
import type { PolicyField, PolicyText } from './policy-values';

interface PolicyFieldsProps {
  /** The form's id prefix: the boxes are `${idPrefix}-rateLimitPerMinute` and `${idPrefix}-allowedNetworks`. */
  idPrefix: string;
  values: PolicyText;
  errorOf: (field: PolicyField) => string | undefined;
  onChange: (field: PolicyField, next: PolicyText) => void;
}

/**
 * A key's rate limit (a number, or empty for the store's default) and its allowed networks (one range a line, or
 * empty for any network), with hints and the store's messages next to each: in the create form and the change form.
 */
export function PolicyFields({ idPrefix, values, errorOf, onChange }: PolicyFieldsProps) {
  const describedBy = (field: PolicyField) =>
    [`${idPrefix}-${field}-hint`, errorOf(field) && `${idPrefix}-${field}-error`].filter(Boolean).join(' ');
  const error = (field: PolicyField) =>
    errorOf(field) && (
      <p className="field-error" id={`${idPrefix}-${field}-error`}>
        {errorOf(field)}
      </p>
    );
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-rateLimitPerMinute`}>Rate limit (optional)</label>
        <input
          id={`${idPrefix}-rateLimitPerMinute`}
          name="rateLimitPerMinute"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={values.rateLimit}
          aria-invalid={errorOf('rateLimitPerMinute') !== undefined}
          aria-describedby={describedBy('rateLimitPerMinute')}
          onChange={(event) => onChange('rateLimitPerMinute', { ...values, rateLimit: event.target.value })}
        />
        <p className="field-hint" id={`${idPrefix}-rateLimitPerMinute-hint`}>
          Requests a minute. Leave it empty for the store's default.
        </p>
        {error('rateLimitPerMinute')}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-allowedNetworks`}>Allowed networks (optional)</label>
        <textarea
          id={`${idPrefix}-allowedNetworks`}
          name="allowedNetworks"
          rows={3}
          autoComplete="off"
          spellCheck={false}
          value={values.networks}
          aria-invalid={errorOf('allowedNetworks') !== undefined}
          aria-describedby={describedBy('allowedNetworks')}
          onChange={(event) => onChange('allowedNetworks', { ...values, networks: event.target.value })}
        />
        <p className="field-hint" id={`${idPrefix}-allowedNetworks-hint`}>
          One range a line, such as 203.0.113.0/24 or 2001:db8::/32; at most {MAX_ALLOWED_NETWORKS}. Leave it
          empty for any network.
        </p>
        {error('allowedNetworks')}
      </div>
    </>
  );
}
