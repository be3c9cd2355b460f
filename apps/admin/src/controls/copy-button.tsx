import { useState } from 'react';

/**
 * Copies a value to the clipboard and says so. The clipboard API needs a secure context (HTTPS or localhost); on a
 * plain-HTTP store the button is left out and the value, shown next to it, is selected with one click instead.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  if (!navigator.clipboard) return null;
  return (
    <button
      type="button"
      className="secondary copy-button"
      aria-label={`Copy ${label}`}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
