/**
 * A pure function of a string, remembered for up to `limit` keys (then forgotten all at once and
 * filled again): indexing a catalogue cuts the same few thousand words and runs of characters
 * again and again (a million goods, issue 38), while memory stays bounded.
 */
export function remembered<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key) as T;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}
