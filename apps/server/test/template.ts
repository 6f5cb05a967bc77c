import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/platform/db/database.ts';
import { seedReference } from '../src/seed/seed.ts';

/**
 * The server project's global set-up (vitest.config.ts): the database every API test file starts
 * from is migrated and given its reference data once per run, here, and each test file copies it
 * (harness.ts `testApp`) instead of running every migration again — 38 migrations were about
 * 0.15 s a file on SQLite and 1 s on PostgreSQL, and each new migration adds to every file.
 *
 * - SQLite: the template is built in memory and written out with `VACUUM INTO`; its bytes go to
 *   the test files (`inject('sqliteTemplate')`), which open their database in memory from them.
 * - PostgreSQL (`TEST_PG_URL`): a template database next to the one the URL names; each file gets
 *   `CREATE DATABASE … TEMPLATE` of it (a copy of the files, no SQL replayed) and drops it after.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite database with its reference data, as base64 of the database file. */
    sqliteTemplate: string;
    /** PostgreSQL: the name of the migrated template database on TEST_PG_URL's server. */
    pgTemplate: string;
  }
}

async function prepare(handle: DatabaseHandle) {
  await migrateToLatest(handle);
  await seedReference(handle);
}

async function sqliteTemplate(): Promise<string> {
  const handle = openDatabase({ url: ':memory:' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
  try {
    await prepare(handle);
    const file = path.join(dir, 'template.sqlite');
    await sql`vacuum into ${file}`.execute(handle.db);
    return fs.readFileSync(file).toString('base64');
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An administrative statement on TEST_PG_URL's database (create or drop a database). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` on TEST_PG_URL's server (a copy of `template` when given) for one
 * test file or server. Its commits do not wait for their write-ahead log to reach the disk
 * (`synchronous_commit = off`, a setting of the database, so every connection to it has it): a
 * test never outlives a crash of its server, and waiting for the disk was a sixth to a quarter of
 * the PostgreSQL run's time (docs/adr/0006-tests.md). What commits, and what other connections see
 * of it, is unchanged. The setting is not copied with a template, so it is set on each database.
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await client.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

/** TEST_PG_URL with another database name. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  project.provide('sqliteTemplate', await sqliteTemplate());
  const url = process.env.TEST_PG_URL;
  if (!url) return;
  const name = `portal_template_${process.pid}_${Date.now().toString(36)}`;
  await createDatabase(url, name);
  const drop = () => onServer(url, `drop database if exists ${name} with (force)`);
  const handle = openDatabase({ url: databaseUrl(url, name), poolSize: 1 });
  try {
    await prepare(handle);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  // A template is copied only while no one is connected to it.
  await handle.close();
  project.provide('pgTemplate', name);
  return drop;
}
