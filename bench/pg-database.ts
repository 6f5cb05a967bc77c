import pg from 'pg';

/**
 * A throw-away PostgreSQL database `name` on the server `adminUrl` names, for a benchmark: its URL
 * and `drop`, or undefined (told, with what the benchmark does instead: `without`) when no
 * PostgreSQL is usable.
 */
export async function throwAwayDatabase(
  adminUrl: string,
  name: string,
  without: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${adminUrl} is not usable (${(error as Error).message}): ${without}.`);
    await admin.end().catch(() => {});
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
