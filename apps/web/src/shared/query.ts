/** A positive integer from a query value (an id, a quantity), at most `max`; else undefined. */
export function queryId(raw: string | null | undefined, max = 2_147_483_647): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n >= 1 && n <= max ? n : undefined;
}
