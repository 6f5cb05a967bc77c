import type { ShopGoodsSku } from '@portal/contract';

/**
 * The specification chooser of the goods page: one row of values per spec name (颜色: 红色 蓝色;
 * 尺码: M L), as big shops have. A choice is a value per name; the specification is the one whose
 * values are all chosen. A value is offered when some specification in stock has it together with
 * the values chosen in the other rows.
 */
export type SkuChoice = Readonly<Record<string, string>>;

export interface SpecRow {
  name: string;
  values: { value: string; available: boolean }[];
}

/** The spec names and their values, in the order the specifications first name them. */
function namesAndValues(skus: readonly ShopGoodsSku[]): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const sku of skus)
    for (const s of sku.specs) {
      const values = rows.get(s.name) ?? [];
      if (!values.includes(s.value)) values.push(s.value);
      rows.set(s.name, values);
    }
  return rows;
}

const specValue = (sku: ShopGoodsSku, name: string) => sku.specs.find((s) => s.name === name)?.value;

/** Whether `sku` has every value of `choice` except the one of `skip`. */
const fits = (sku: ShopGoodsSku, choice: SkuChoice, skip?: string) =>
  Object.entries(choice).every(([name, value]) => name === skip || specValue(sku, name) === value);

/** The chooser's rows: each value, and whether it can be chosen with the other rows' choices. */
export function specRows(skus: readonly ShopGoodsSku[], choice: SkuChoice): SpecRow[] {
  return [...namesAndValues(skus)].map(([name, values]) => ({
    name,
    values: values.map((value) => ({
      value,
      available: skus.some((k) => k.stock > 0 && specValue(k, name) === value && fits(k, choice, name)),
    })),
  }));
}

/** The specification of a complete choice, or undefined (a name not chosen yet). */
export function chosenSku(skus: readonly ShopGoodsSku[], choice: SkuChoice): ShopGoodsSku | undefined {
  const names = [...namesAndValues(skus).keys()];
  if (names.some((n) => choice[n] === undefined)) return undefined;
  return skus.find((k) => k.specs.length === names.length && fits(k, choice));
}

/** The names not chosen yet ("请选择 颜色、尺码"). */
export function missingNames(skus: readonly ShopGoodsSku[], choice: SkuChoice): string[] {
  return [...namesAndValues(skus).keys()].filter((n) => choice[n] === undefined);
}

/**
 * Choosing `value` of `name` (or unchoosing it when it was chosen). Values of other rows that no
 * longer go with it are let go, so the choice always names a specification that exists.
 */
export function toggleValue(
  skus: readonly ShopGoodsSku[],
  choice: SkuChoice,
  name: string,
  value: string,
): SkuChoice {
  if (choice[name] === value) {
    const { [name]: _dropped, ...rest } = choice;
    return rest;
  }
  const next: Record<string, string> = { [name]: value };
  for (const [other, v] of Object.entries(choice)) {
    if (other === name) continue;
    const candidate = { ...next, [other]: v };
    if (skus.some((k) => fits(k, candidate))) next[other] = v;
  }
  return next;
}

/** A goods with one specification only has it chosen from the start. */
export function initialChoice(skus: readonly ShopGoodsSku[]): SkuChoice {
  const [only] = skus;
  return skus.length === 1 && only ? Object.fromEntries(only.specs.map((s) => [s.name, s.value])) : {};
}
