/**
 * An API address in a code element, with a line break allowed after each `/`, `?` and `&`, so that on a phone it
 * wraps between path segments and query parameters; `overflow-wrap: anywhere` (.copyable) cuts a segment only when
 * it is wider than the line by itself. None is offered before the last segment, which stays with the one before it
 * (`pets/5`, `pets?status=sold`): an id alone on a line reads as something else. The break hints are <wbr>, not
 * text: selecting or copying gives the address.
 */
export function ApiAddress({ address }: { address: string }) {
  const split = address.split(/(?<=[/?&])/);
  const parts = [...split.slice(0, -2), split.slice(-2).join('')];
  return (
    <code className="copyable api-address">
      {parts.map((part, index) => (
        // The parts of one address never reorder: the index is their identity.
        <span key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </span>
      ))}
    </code>
  );
}
