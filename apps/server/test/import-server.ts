import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { importingCompany } from './goods-sheet.ts';
import { PASSWORD, serverDatabase } from './harness.ts';
import { loginToken, MEMBER_ADDRESS, type PortalClient, portalClient } from './load-clients.ts';

/**
 * What the tests of an import on a real server process share (import-load.test.ts,
 * import-restart.test.ts): a database of the run's own (harness `serverDatabase`) with an
 * importing company (goods-sheet.ts), for one or more server processes started on it
 * (`startRealServer(database.env, { dataDir: database.dataDir })`), and the company's users signed
 * in over HTTP.
 */
export async function importDatabase(members = 1) {
  const database = await serverDatabase();
  const company = await onDatabase(database, (db) => importingCompany(db, PASSWORD, members));
  return { database, company };
}
export type ImportDatabase = Awaited<ReturnType<typeof importDatabase>>;

/** Answers `f` on the database, opened in this process for it (to seed, to count) and closed after. */
export async function onDatabase<T>(
  database: { open(): DatabaseHandle },
  f: (db: DatabaseHandle['db']) => Promise<T>,
): Promise<T> {
  const handle = database.open();
  try {
    return await f(handle.db);
  } finally {
    await handle.close();
  }
}

/** The company's goods: how many, and how many of them have codes starting `codes`. */
export const goodsCount = ({ database, company }: ImportDatabase, codes = 'GI') =>
  onDatabase(database, async (db) => {
    const rows = await db
      .selectFrom('goods')
      .select(['code'])
      .where('company_id', '=', company.companyId)
      .where('del_flag', '=', 0)
      .execute();
    return { all: rows.length, imported: rows.filter((r) => r.code.startsWith(codes)).length };
  });

/**
 * The company's users signed in on the server at `base`: the administrator, and each member with
 * an address (made once: sessions and addresses are in the database, so they serve every process).
 */
export async function signIn(base: string, { company }: ImportDatabase) {
  const admin = portalClient(base, await loginToken(base, company.admin, PASSWORD));
  const members: { client: PortalClient; consignee: number }[] = [];
  for (const username of company.members) {
    const client = portalClient(base, await loginToken(base, username, PASSWORD));
    const address = await client.post('/consignee/update', MEMBER_ADDRESS);
    if (address.c !== 0) throw new Error(`address refused: ${JSON.stringify(address)}`);
    members.push({ client, consignee: (address.d as { id: number }).id });
  }
  return { admin, anonymous: portalClient(base), members };
}
