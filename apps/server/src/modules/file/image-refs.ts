import { fileImageAddress, fileImageKeyOf } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/**
 * The pictures a record shows (a goods' gallery, a brand's logo; ADR 0018), checked at its save:
 * a picture of the file store, given by its key or its address, must be a live picture of the
 * caller's company — a deleted file's, another company's or an unknown key is refused beside
 * `field` — and is kept as its address; other site paths and http(s) addresses (checked by their
 * fields' rules) pass as they are. Pictures the record already `held` are not checked again: a file
 * deleted since (allowed, ADR 0018) leaves its picture blank, it does not stop the next save. One
 * query for all the keys.
 */
export async function storedImages(
  conn: Database,
  companyId: number,
  images: readonly string[],
  field: string,
  held: readonly string[] = [],
): Promise<string[]> {
  const old = new Set(held.map((h) => fileImageKeyOf(h) ?? h));
  const keys = [...new Set(images.map(fileImageKeyOf).filter((k) => k !== undefined))].filter(
    (k) => !old.has(k),
  );
  if (keys.length > 0) {
    const live = await inCompany(conn, companyId)
      .selectFrom('files')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .where('kind', '=', 'image')
      .execute();
    if (live.length < keys.length) throw new AppError('NOT_FOUND', '图片不存在或已被删除，请重新上传', field);
  }
  return images.map((image) => {
    const key = fileImageKeyOf(image);
    return key === undefined ? image : fileImageAddress(key);
  });
}
