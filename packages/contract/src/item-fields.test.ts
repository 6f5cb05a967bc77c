import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { auditTimeLabels, auditTimes } from './item-fields.ts';
import { col, itemSchemaOf, withTimes } from './screen.ts';

describe('the audit times, declared once', () => {
  it("are the resource block's columns too: the same names, the labels of auditTimeLabels, read only", () => {
    const added = Object.entries(withTimes({ name: col.text('名称', { max: 5 }) })).slice(1);
    expect(added.map(([key, c]) => [key, c.label, c.places.form])).toEqual(
      Object.keys(auditTimes).map((key) => [key, auditTimeLabels[key as keyof typeof auditTimes], false]),
    );
  });

  it("are a declared item's, as auditTimes types them", () => {
    const item = itemSchemaOf({ name: col.text('名称', { max: 5 }) });
    expect(Object.keys(item.shape)).toEqual(['id', 'name', ...Object.keys(auditTimes)]);
    expectTypeOf<z.infer<typeof item>['update_time']>().toEqualTypeOf<string>();
  });
});
