/** The options of a status filter from a code → name table (`REVIEW_STATUS_NAMES` …), in code order. */
export function optionsOf<K extends number>(
  names: Readonly<Record<K, string>>,
): { value: K; label: string }[] {
  return Object.entries<string>(names).map(([value, label]) => ({ value: Number(value) as K, label }));
}
