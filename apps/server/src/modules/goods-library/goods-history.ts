import { goodsResource } from '@portal/contract';

/**
 * A goods' history in words (issue 35 item 7): each changed field under its declared label
 * (goodsResource's shape: 销售价, not 价格（分）) and each value as the screens show it — a choice or
 * a flag as its declared word (普通商品, 在售/已下架), money as ¥88.00, a picture as its address
 * with `picture` set (the screen shows it as a picture, not a key).
 */

/** The fields a goods' history names (the audit's row keys), in order; a label here wins over the shape's. */
const HISTORY_FIELDS: Record<string, string | null> = {
  code: null,
  name: null,
  subtitle: null,
  keywords: null,
  category_name: null,
  brand_name: null,
  unit: null,
  goods_type: null,
  price: null,
  // The level at the time, not the opening stock the form names it.
  stock: '库存',
  sku_count: null,
  status: null,
  in_shop: null,
  on_sale: null,
  is_public: null,
  max_per_order: null,
  cover: '封面',
};

type Shape = typeof goodsResource.shape;
const shape = goodsResource.shape as Record<string, Shape[keyof Shape] | undefined>;

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** One stored value in words, by its field's declaration. */
function wordOf(key: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  const column = shape[key];
  if (column?.words) {
    const word = column.words.find(([value]) => String(value) === String(v));
    if (word) return word[1];
  }
  if (column?.kind === 'money' && Number.isFinite(Number(v))) return yuan(Number(v));
  if (column?.kind === 'flag') return Number(v) === 1 ? '是' : '否';
  return String(v);
}

export interface GoodsChange {
  field: string;
  before: string;
  after: string;
  /** 1 when the values are pictures' addresses (shown as pictures). */
  picture?: 1;
}

/** What an audit entry changed of the named fields (a field absent from `after` did not change). */
export function changesOf(beforeJson: string | null, afterJson: string | null): GoodsChange[] {
  const parse = (t: string | null) => {
    try {
      return t ? (JSON.parse(t) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const before = parse(beforeJson);
  const after = parse(afterJson);
  const changes: GoodsChange[] = [];
  for (const [key, label] of Object.entries(HISTORY_FIELDS)) {
    if (!(key in after)) continue;
    const was = wordOf(key, before[key]);
    const now = wordOf(key, after[key]);
    if (was === now) continue;
    const column = shape[key];
    changes.push({
      field: label ?? column?.label ?? key,
      before: was,
      after: now,
      ...(column?.kind === 'picture' ? { picture: 1 as const } : {}),
    });
  }
  return changes;
}
