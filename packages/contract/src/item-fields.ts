import { z } from 'zod';

/**
 * Fragments that many reply items share, spread into their `z.object({ … })`: a field the items
 * have alike is written and explained once, and an item says only what is its own.
 */

/** When the row was made: ISO-8601 UTC text (ADR 0002). */
export const createTime = { create_time: z.string() };

/**
 * When the row was made and last changed (`created_at`, `updated_at`, which every table has): the
 * one declaration of the audit times, which items spread and the resource block's columns
 * (screen.ts) read with their labels.
 */
export const auditTimes = { ...createTime, update_time: z.string() };

/** The audit times' labels, where a screen shows them (a key missing here or there fails `tsc`). */
export const auditTimeLabels: Record<keyof typeof auditTimes, string> = {
  create_time: '创建时间',
  update_time: '更新时间',
};

/** The goods a line is about and its specification (`sku_id` 0 for a goods without one). */
export const goodsRef = { goods_id: z.number().int(), sku_id: z.number().int() };

/**
 * A line's goods as the line shows it: the reference, then the goods' code, name, specification
 * values ("红色 / L", '' without one) and unit, as they were when the line was written.
 */
export const goodsLine = {
  ...goodsRef,
  goods_code: z.string(),
  goods_name: z.string(),
  spec_text: z.string(),
  unit: z.string(),
};

/**
 * A line of the shop (购物车, 订单): the goods, the chosen specification (null for a goods sold as
 * itself) and its values ("红色 / L", '' without one), the goods' name and cover, the price in
 * cents and the quantity.
 */
export const shopLine = {
  goods_id: z.number().int(),
  sku_id: z.number().int().nullable(),
  sku_text: z.string(),
  name: z.string(),
  cover: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
};
