/** The options of a status filter from a code → name table (`REVIEW_STATUS_NAMES` …), in code order. */
export function optionsOf(names: Readonly<Record<number, string>>): { value: number; label: string }[] {
  return Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));
}
