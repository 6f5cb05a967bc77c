import type { Caller } from '#server/platform/auth/session-user.ts';
import type { IncomingFile } from '#server/platform/files/stored-files.ts';

/** Where a run's uploads go: the company's file store (typed by content, bounded, swept there). */
export interface BusinessUploads {
  store(caller: Caller, file: IncomingFile): Promise<{ id: number; name: string }>;
  /** Removes a stored file again (its bytes swept later; a failure is left to the sweep). */
  drop(caller: Caller, fileId: number): Promise<void>;
}

/**
 * Stores `file`, then runs `use` with it (an action of the run, which may be refused under the
 * business's lock); when `use` throws, the stored file is removed again, so a refusal leaves no file
 * behind in the store.
 */
export async function withStored<T>(
  uploads: BusinessUploads,
  caller: Caller,
  file: IncomingFile,
  use: (stored: { id: number; name: string }) => Promise<T>,
): Promise<T> {
  const stored = await uploads.store(caller, file);
  try {
    return await use(stored);
  } catch (e) {
    await uploads.drop(caller, stored.id);
    throw e;
  }
}
