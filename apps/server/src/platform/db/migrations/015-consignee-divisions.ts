import type { Kysely } from 'kysely';

/**
 * Addresses keep the codes of their region (issue 11, docs/adr/0016): the county's 6-digit code
 * and its prefecture's and province's, from the national division data the server checks them
 * against. Addresses saved before stay as they are (null codes, typed names) until edited.
 */
export const consigneeDivisions = {
  async up(db: Kysely<unknown>) {
    for (const column of ['province_code', 'city_code', 'district_code'])
      await db.schema.alterTable('consignees').addColumn(column, 'text').execute();
  },
};
