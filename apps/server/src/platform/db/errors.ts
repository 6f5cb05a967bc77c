/** A unique index refused the write, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs `write`; when a unique index refuses it, throws `refusal`, or when `refusal` is a function
 * returns what it returns (a retry: run the whole transaction again, PostgreSQL aborted it). Other
 * errors pass through.
 */
export async function onUnique<T>(write: () => Promise<T>, refusal: Error | (() => Promise<T>)): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (refusal instanceof Error) throw refusal;
    return refusal();
  }
}
