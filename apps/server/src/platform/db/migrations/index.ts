import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { foundation } from './001-foundation.ts';
import { cacheVersions } from './002-cache-versions.ts';
import { categorySiblingNames } from './003-category-sibling-names.ts';
import { shop } from './004-shop.ts';

/** The one ordered migration set for both dialects. Append, never edit a released one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '002-cache-versions': cacheVersions,
    '003-category-sibling-names': categorySiblingNames,
    '004-shop': shop(dialect),
  };
}
