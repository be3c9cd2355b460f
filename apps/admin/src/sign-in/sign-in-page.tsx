import type { ApiKey } from '@animal-store/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Environment } from '../config/runtime-config';
import { EnvironmentSelect } from '../layout/environment-select';
import { signInProblem } from './sign-in-words';
import { verifyApiKey } from './verify-api-key';

interface SignInPageProps {
  environments: readonly Environment[];
  environment: Environment;
  onEnvironmentChange: (name: string) => void;
  /** The key, the environment that accepted it (the session ties them together) and what the key may do. */
  onSignedIn: (apiKey: string, environment: Environment, accepted: ApiKey) => void;
  /** Why the admin is here again, e.g. the store stopped accepting the key. */
  notice: string | undefined;
}

/**
 * Sign-in to one environment. The form is a new one for each environment, so that a key typed (or being checked)
 * for one is never sent to another's address.
 */
export function SignInPage(props: SignInPageProps) {
  const { name, baseUrl } = props.environment;
  return <SignInForm key={`${name} ${baseUrl}`} {...props} />;
}

function SignInForm({ environments, environment, onEnvironmentChange, onSignedIn, notice }: SignInPageProps) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<{ message: string; onKey: boolean }>();
  const [checking, setChecking] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const check = useRef<AbortController>(undefined);

  // Choosing another environment replaces this form: a check still under way must neither finish nor sign in.
  useEffect(() => () => check.current?.abort(), []);
  // Sent here by a switch or a refused key, the focus was on something now gone: put it where the next step is.
  useEffect(() => {
    if (notice) keyInput.current?.focus();
  }, [notice]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    // Keys never contain spaces; a pasted key often brings a newline or a trailing blank along.
    const key = apiKey.trim();
    if (key === '') {
      setError({ message: 'Enter the API key you were given.', onKey: true });
      return;
    }
    setChecking(true);
    setError(undefined);
    const controller = new AbortController();
    check.current = controller;
    const answer = await verifyApiKey(environment.baseUrl, key, controller.signal);
    if (controller.signal.aborted) return;
    setChecking(false);
    // Only a refused key is the key's fault; a busy or unreachable store leaves the key as it was typed.
    if ('failure' in answer) {
      setError({ message: signInProblem(answer.failure), onKey: answer.failure.kind === 'unauthorized' });
    } else onSignedIn(key, environment, answer.accepted);
  };

  // With one environment there is nothing to tell apart; with more, the admin signs in to the one named.
  const named = environments.length > 1;
  const message = error?.message ?? notice;
  return (
    <main id="main" className="sign-in">
      {/* method="post": should this ever submit without the app, the key must not land in the address bar. */}
      <form
        className="panel sign-in-form"
        method="post"
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`}>{named ? `Sign in to ${environment.name}` : 'Sign in'}</h2>
        <p>
          {named
            ? `The key is kept in this browser tab for ${environment.name} only, until you sign out, switch environment or close the tab.`
            : 'The key is kept in this browser tab only, until you sign out or close the tab.'}
        </p>
        {message && (
          <div className="form-error" role="alert" id={`${id}-error`}>
            {message}
          </div>
        )}
        <EnvironmentSelect
          environments={environments}
          value={environment.name}
          onChange={onEnvironmentChange}
        />
        <div className="field">
          <label htmlFor={`${id}-key`}>API key</label>
          <input
            ref={keyInput}
            id={`${id}-key`}
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            aria-invalid={error?.onKey === true}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => setApiKey(event.target.value)}
          />
        </div>
        <button type="submit" aria-disabled={checking}>
          {checking ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
