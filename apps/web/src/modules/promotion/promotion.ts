import {
  PROMOTION_MILEAGE_RANGE,
  PROMOTION_PHONE_WIDTH,
  PROMOTION_PRICE_RANGE,
  PROMOTION_STICKY_OFFSET,
  PROMOTION_TICKET_MAX,
  type PromotionTicket,
} from '@portal/contract';

/** The scroll (px) past which the header sticks: 10 on a phone (< 768 px wide), 150 on a desktop. */
export function stickyOffset(viewportWidth: number): number {
  return viewportWidth < PROMOTION_PHONE_WIDTH
    ? PROMOTION_STICKY_OFFSET.phone
    : PROMOTION_STICKY_OFFSET.desktop;
}

/** Whether the header is stuck at this scroll position and viewport width. */
export function isStuck(scrollY: number, viewportWidth: number): boolean {
  return scrollY > stickyOffset(viewportWidth);
}

export type Range = [number, number];

/** The car filters of the sliders (yuan, km) as the API takes them (cents, km). */
export function carFilter(price: Range, mileage: Range) {
  return {
    price_min: price[0] * 100,
    price_max: price[1] * 100,
    mileage_min: mileage[0],
    mileage_max: mileage[1],
  };
}

/** ¥18,000 — a whole-yuan amount of the price slider. */
export const yuanLabel = (yuan: number) => `¥${yuan.toLocaleString('en-US')}`;
/** 18,000 元 → `1.8万` for the slider marks (short on a phone). */
export const wanLabel = (yuan: number) => `${Number((yuan / 10_000).toFixed(1))}万`;

export const priceMarks = (): Record<number, string> => {
  const { min, max } = PROMOTION_PRICE_RANGE;
  const marks: Record<number, string> = {};
  for (let v = min; v <= max; v += 10_000) marks[v] = wanLabel(v);
  return marks;
};

export const mileageMarks = (): Record<number, string> => {
  const { min, max } = PROMOTION_MILEAGE_RANGE;
  const marks: Record<number, string> = {};
  for (let v = min; v <= max; v += 100) marks[v] = `${v}`;
  return marks;
};

/** The most of a ticket type the counter allows: the ticket's own limit, the stock, and 12. */
export function ticketMax(t: Pick<PromotionTicket, 'max_per_order' | 'stock'>): number {
  return Math.max(0, Math.min(PROMOTION_TICKET_MAX, t.max_per_order || PROMOTION_TICKET_MAX, t.stock));
}

/** A typed or pasted counter value as a whole number within 0..max. */
export function clampCount(value: unknown, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(max, Math.trunc(n)));
}

/** Chosen quantities by goods id. */
export type TicketCounts = Record<number, number>;

/** Pieces and amount (cents) of the chosen tickets. */
export function ticketTotals(
  tickets: readonly Pick<PromotionTicket, 'goods_id' | 'price'>[],
  counts: TicketCounts,
) {
  let quantity = 0;
  let amount = 0;
  for (const t of tickets) {
    const n = counts[t.goods_id] ?? 0;
    quantity += n;
    amount += n * t.price;
  }
  return { quantity, amount };
}

/**
 * The chosen tickets as buy-now lines, in the page's order, with the price shown (cents) so the
 * checkout can tell the shopper of a change.
 */
export function chosenTickets(
  tickets: readonly Pick<PromotionTicket, 'goods_id' | 'price'>[],
  counts: TicketCounts,
): { goods_id: number; quantity: number; price: number }[] {
  return tickets
    .filter((t) => (counts[t.goods_id] ?? 0) > 0)
    .map((t) => ({ goods_id: t.goods_id, quantity: counts[t.goods_id] ?? 0, price: t.price }));
}

/** `12:2,13:1` — the chosen tickets in the URL, so they survive the way through the login. */
export function ticketsParam(counts: TicketCounts): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => `${id}:${n}`)
    .join(',');
}

/** The inverse of `ticketsParam`; anything malformed is dropped, quantities are kept within 1..12. */
export function parseTicketsParam(raw: string | null): TicketCounts {
  const out: TicketCounts = {};
  if (!raw) return out;
  for (const part of raw.split(',').slice(0, 20)) {
    const m = /^(\d{1,10}):(\d{1,3})$/.exec(part.trim());
    if (!m) continue;
    const n = clampCount(Number(m[2]), PROMOTION_TICKET_MAX);
    if (n > 0) out[Number(m[1])] = n;
  }
  return out;
}

/** Whether the filters are the defaults (the 重置 button is then disabled). */
export function isDefaultFilter(price: Range, mileage: Range): boolean {
  const [p0, p1] = PROMOTION_PRICE_RANGE.defaults;
  const [m0, m1] = PROMOTION_MILEAGE_RANGE.defaults;
  return price[0] === p0 && price[1] === p1 && mileage[0] === m0 && mileage[1] === m1;
}
