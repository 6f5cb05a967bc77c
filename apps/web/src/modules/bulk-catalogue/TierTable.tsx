import type { BulkTier } from '@portal/contract';
import { formatYuan } from '#web/shared/format.ts';

const WORDS = {
  zh: {
    caption: '价格档位',
    quantity: '采购量',
    price: '单价',
    from: (n: number, unit: string) => `≥ ${n} ${unit}`,
  },
  en: {
    caption: 'Price tiers',
    quantity: 'Quantity',
    price: 'Unit price',
    from: (n: number, unit: string) => `${n}+ ${unit}`,
  },
};

/**
 * The tiers of a bulk goods as a table 采购量 / 单价 (a real table: a screen reader reads each
 * price with its band). `compact` in the back office's list; `lang` en on /dzcen.
 */
export function TierTable({
  tiers,
  unit,
  compact = false,
  lang = 'zh',
}: {
  tiers: readonly BulkTier[];
  unit: string;
  compact?: boolean;
  lang?: 'zh' | 'en';
}) {
  const w = WORDS[lang];
  return (
    <table className={`bulk-tiers-table${compact ? ' bulk-tiers-table--compact' : ''}`}>
      <caption className={compact ? 'sr-only' : undefined}>{w.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{w.quantity}</th>
          <th scope="col">{w.price}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t) => (
          <tr key={t.from}>
            <td>{w.from(t.from, unit)}</td>
            <td>{formatYuan(t.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
