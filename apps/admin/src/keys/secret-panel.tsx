import type { CreatedApiKey } from '@animal-store/contract';
import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '../controls/copy-button';

/**
 * Empties the secret out of the answer that carried it, once the panel is done with it. The answer is still reached
 * after "Done": TanStack Query keeps a finished mutation's result for five minutes, and React the props and state of
 * the render before last until the screen renders again. Emptied, it holds the secret for none of them.
 */
export function forgetSecret(shown: ShownSecret): void {
  shown.key.key = '';
}

/** A key just made (created or rotated) and what the admin should know beside its secret. */
export interface ShownSecret {
  key: CreatedApiKey;
  note: string;
}

/**
 * The one time a key's secret is shown: the store keeps only its digest. It takes the focus when it appears, so
 * that a screen reader reads the warning first, and it is gone with "Done", a sign-out or a reload.
 */
export function SecretPanel({ secret, onDone }: { secret: ShownSecret; onDone: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  const { key, note } = secret;
  return (
    <section ref={panel} className="panel secret-panel" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId}>The new key for “{key.name}”</h2>
      <p className="secret-warning">
        <strong>Copy it now: it will not be shown again.</strong> The store keeps no copy it could show. If it
        is lost, rotate the key or create another.
      </p>
      <p className="secret-value">
        <code className="copyable">{key.key}</code>
        <CopyButton value={key.key} label="the new key" />
      </p>
      <p>{note}</p>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
