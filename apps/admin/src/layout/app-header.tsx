import type { ReactNode } from 'react';

/**
 * The bar on every screen, on one line at any width: the app's name, the environment in use when there is a choice
 * of more than one, and whatever the screen adds (the environment switch, sign out).
 */
export function AppHeader(props: { environmentName?: string; children?: ReactNode }) {
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <h1>
        Animal Store <span className="app-header-sub">admin</span>
      </h1>
      {props.environmentName && (
        <p className={`environment-tag environment-${props.environmentName}`}>{props.environmentName}</p>
      )}
      <div className="app-header-actions">{props.children}</div>
    </header>
  );
}
