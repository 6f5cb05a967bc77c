import type { CompanyScope } from '#server/platform/db/scope.ts';

/** The settings a company has set (`company_settings`: one row per key; none: the default). */
export const companySettingsRepository = {
  rows: (s: CompanyScope) => s.selectFrom('company_settings').select(['key', 'value']).execute(),

  /** Sets the values: one statement per key, so two saves at once leave one row each. */
  async save(
    s: CompanyScope,
    values: readonly { key: string; value: string }[],
    userId: number,
    now: string,
  ) {
    for (const { key, value } of values)
      await s
        .insertInto('company_settings', { key, value, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['company_id', 'key']).doUpdateSet({ value, updated_by: userId, updated_at: now }),
        )
        .execute();
  },
};
