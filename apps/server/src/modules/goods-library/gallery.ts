import { GOODS_IMAGE_MAX } from '@portal/contract';
import { storedImages } from '#server/modules/file/index.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';

/**
 * The goods' gallery rule (ADR 0028), one for the library's form, the shop's save and
 * `/shop/goods/gallery/create`: at most GOODS_IMAGE_MAX pictures, none twice, each a live picture
 * of the company's file store (by key or address, kept as its address; a deleted file's is
 * refused, ADR 0018) or another site path or http(s) address. Answers the gallery as it is
 * stored; each refusal names `field`. The pictures the gallery already `held` are not checked against
 * the file store again (`storedImages`).
 */
export async function galleryImages(
  conn: Database,
  companyId: number,
  images: readonly string[],
  field: string,
  held: readonly string[] = [],
): Promise<string[]> {
  const list = await storedImages(conn, companyId, images, field, held);
  if (new Set(list).size < list.length) throw new AppError('PARAM_ERROR', '该图片已在商品图片中', field);
  if (list.length > GOODS_IMAGE_MAX)
    throw new AppError('PARAM_ERROR', `商品图片最多${GOODS_IMAGE_MAX}张，请先删除不用的图片`, field);
  return list;
}
