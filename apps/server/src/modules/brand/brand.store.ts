import { type Brand, type brandResource, brandSchema, type publicBrandResource } from '@portal/contract';
import type { ResourceStore } from '#server/platform/resource/serve-resource.ts';

/** Where brands are kept and what is special about them (nothing yet: no goods name a brand before issue 12's goods library). */
export const brandStore: ResourceStore<typeof brandResource> = {
  table: 'goods_brands',
  entity: 'goods_brands',
  search: ['name', 'description'],
  sorts: {
    sort: [['sort', 'asc']],
    newest: [['created_at', 'desc']],
    name: [['name', 'asc']],
  },
  labelColumn: 'name',
  uniqueCodes: { name: 'BRAND_NAME_TAKEN' },
  toItem: (row): Brand =>
    brandSchema.parse({
      id: row.id,
      name: row.name,
      logo: row.logo,
      description: row.description,
      sort: row.sort,
      status: row.status,
      create_time: row.created_at,
      update_time: row.updated_at,
    }),
  toValues: (f) => ({
    name: f.name,
    logo: f.logo ?? '',
    description: f.description ?? '',
    sort: f.sort ?? 0,
    status: f.status,
  }),
};

/** Public brands: the same columns in a shared table (every company reads them). */
export const publicBrandStore: ResourceStore<typeof publicBrandResource> = {
  ...(brandStore as unknown as ResourceStore<typeof publicBrandResource>),
  table: 'public_brands',
  entity: 'public_brands',
  shared: true,
  uniqueCodes: { name: 'PUBLIC_BRAND_NAME_TAKEN' },
};
