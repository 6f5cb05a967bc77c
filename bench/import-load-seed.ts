// The database import-load.bench.ts serves, made by the code of the tree it runs in (the
// benchmark copies this file and the goods sheet's generator into the older commit it compares
// with, so each tree migrates its own database): the database `npm start` would open (DATA_DIR's
// portal.sqlite, or DATABASE_URL), migrated, with the reference data and one importing company
// (goods-sheet.ts). Prints one JSON line: the company, its users, their password and its goods.
import { loadConfig } from '@portal/server/src/config.ts';
import { migrateToLatest, openDatabase } from '@portal/server/src/platform/db/database.ts';
import { seedReference } from '@portal/server/src/seed/seed.ts';
import { importingCompany } from '@portal/server/test/goods-sheet.ts';

const password = 'Bench123456';
const config = loadConfig();
const handle = openDatabase({ url: config.databaseUrl ?? config.sqlitePath, poolSize: 2 });
await migrateToLatest(handle);
await seedReference(handle);
const company = await importingCompany(handle.db, password);
await handle.close();
console.log(JSON.stringify({ ...company, password }));
