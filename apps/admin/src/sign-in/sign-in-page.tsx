import { type FormEvent, useId, useState } from 'react';
import type { Environment } from '../config/runtime-config';
import { EnvironmentSelect } from '../layout/environment-select';
import { signInProblem } from './sign-in-words';
import { verifyApiKey } from './verify-api-key';

interface SignInPageProps {
  environments: readonly Environment[];
  environment: Environment;
  onEnvironmentChange: (name: string) => void;
  onSignedIn: (apiKey: string) => void;
  /** Why the admin is here again, e.g. the store stopped accepting the key. */
  notice: string | undefined;
}

export function SignInPage(props: SignInPageProps) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<{ message: string; onKey: boolean }>();
  const [checking, setChecking] = useState(false);

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
    const problem = await verifyApiKey(props.environment.baseUrl, key);
    setChecking(false);
    // Only a refused key is the key's fault; a busy or unreachable store leaves the key as it was typed.
    if (problem) setError({ message: signInProblem(problem), onKey: problem.kind === 'unauthorized' });
    else props.onSignedIn(key);
  };

  const message = error?.message ?? props.notice;
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
        <h2 id={`${id}-title`}>Sign in</h2>
        <p>The key is kept in this browser tab only, until you sign out or close the tab.</p>
        {message && (
          <div className="form-error" role="alert" id={`${id}-error`}>
            {message}
          </div>
        )}
        <EnvironmentSelect
          environments={props.environments}
          value={props.environment.name}
          onChange={props.onEnvironmentChange}
        />
        <div className="field">
          <label htmlFor={`${id}-key`}>API key</label>
          <input
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
