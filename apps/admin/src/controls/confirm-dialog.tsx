import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
} from 'react';

/** Closes the dialog from outside, e.g. once the action it confirmed is done. */
export interface ConfirmDialogHandle {
  close(): void;
}

interface ConfirmDialogProps {
  ref: Ref<ConfirmDialogHandle>;
  /** A question that names what is at stake, e.g. Revoke the key “deploy bot”? */
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the action failed, in plain words; the dialog stays open so that the admin can cancel or try again. */
  error: string | undefined;
  onConfirm: () => void;
  /** The dialog has closed (Cancel, Escape or `close()`); the opener gets the focus back from the browser. */
  onClose: () => void;
}

/**
 * A question before an action that cannot be undone, in a native modal <dialog>: it traps the focus, closes on
 * Escape and hands the focus back to the button that opened it. It opens when mounted; the parent unmounts it on
 * `onClose`, never while it is open. Closing it before showing what came of the action lets that result take the
 * focus from the returning opener.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, pendingLabel, pending, error, onConfirm, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useImperativeHandle(props.ref, () => ({ close: () => dialog.current?.close() }), []);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <div className="confirm-buttons">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-request. */}
          <button type="submit" className="danger" aria-disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
