import type { Database } from '#server/platform/db/database.ts';
import type { BlobStore } from '#server/platform/files/file-store.ts';
import { defineModule } from '#server/platform/module.ts';
import { fileRoutes } from './file.routes.ts';
import { fileService } from './file.service.ts';

export { sendStored } from './file.routes.ts';
export type { FileService } from './file.service.ts';
export { FILE_UPLOAD_TYPES, fileService, ONE_STORED_FILE } from './file.service.ts';

/** The company's file store (spec §7 `/file/*`, ADR 0018): uploads, the list, renames, deletes and reads. */
export function fileModule(db: Database, store: BlobStore) {
  const files = fileService(db, store);
  return defineModule({
    name: 'file',
    files,
    routes: (app) => fileRoutes(app, files),
    repeats: [{ name: '清理已删除文件', everyMs: 10 * 60_000, run: () => files.sweep() }],
  });
}

export { storedImages } from './image-refs.ts';
