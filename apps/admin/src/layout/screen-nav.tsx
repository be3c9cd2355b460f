const SCREENS = [
  { name: 'catalogue', label: 'Catalogue' },
  { name: 'keys', label: 'Keys' },
  { name: 'history', label: 'History' },
] as const;

export type ScreenName = (typeof SCREENS)[number]['name'];

/**
 * The screens a key that manages keys can switch between. Buttons, not links: there is no router and no address
 * to go to (decision 030). The focus stays on the button pressed, which stays where it was.
 */
export function ScreenNav({
  current,
  onChange,
}: {
  current: ScreenName;
  onChange: (name: ScreenName) => void;
}) {
  return (
    <nav className="screen-nav" aria-label="Screens">
      <ul>
        {SCREENS.map(({ name, label }) => (
          <li key={name}>
            <button
              type="button"
              aria-current={name === current ? 'page' : undefined}
              onClick={() => onChange(name)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
