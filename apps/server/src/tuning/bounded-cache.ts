/** The store issues a handful of distinct statements; a cache this size never evicts in practice. */
const MAX_ENTRIES = 256;

/** Remembers values by SQL text, forgetting everything when full (simpler than LRU, and never reached). */
export function boundedCache<T>(): { get(sql: string, create: () => T): T } {
  const entries = new Map<string, T>();
  return {
    get(sql, create) {
      let entry = entries.get(sql);
      if (entry === undefined) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entry = create();
        entries.set(sql, entry);
      }
      return entry;
    },
  };
}
