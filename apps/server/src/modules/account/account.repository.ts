import type { SelectQueryBuilder } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { DB } from '#server/platform/db/schema.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

/** The user with their company's, group's and position's names, over a `from users` statement. */
// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a statement that selects nothing yet
function userView(users: SelectQueryBuilder<DB, 'users', {}>) {
  return users
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .select([
      'users.id',
      'users.username',
      'users.password_hash',
      'users.real_name',
      'users.role',
      'users.status',
      'users.company_id',
      'companies.company_name',
      'companies.address as company_address',
      'users.department_id as group_id',
      'departments.name as group_name',
      'users.position_id',
      'positions.name as position_name',
      'users.avatar_url',
      'users.main_bg',
      'users.mobile',
      'users.email',
      'users.must_change_password',
    ]);
}

/** The user view of the company's users. */
const userViewIn = (db: Database, companyId: number) =>
  userView(inCompany(db, companyId).selectFrom('users'));

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof userView>['executeTakeFirst']>>>;

export const accountRepository = {
  /** The roles a user holds: the one a login starts in first, then the others (docs/adr/0038). */
  heldRoles: async (db: Database, companyId: number, userId: number) => {
    const scope = inCompany(db, companyId);
    const [user, more] = await Promise.all([
      scope.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst(),
      scope.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute(),
    ]);
    if (!user) return [];
    return [...new Set([user.role, ...more.map((r) => r.role)])];
  },

  /** The role a session acts in from now on. */
  setSessionRole: (db: Database, sessionId: string, role: number) =>
    db.updateTable('sessions').set({ role }).where('id', '=', sessionId).execute(),

  findByUsername: (db: Database, username: string) =>
    userView(unscoped(db, 'login finds the user by a name unique across companies').selectFrom('users'))
      .where('users.username', '=', username)
      .executeTakeFirst(),

  findById: (db: Database, companyId: number, id: number) =>
    userViewIn(db, companyId).where('users.id', '=', id).executeTakeFirst(),

  /** The user with the start of one of their sessions (`login_time`, null if that session is gone). */
  findWithLoginTime: (db: Database, companyId: number, id: number, sessionId: string) =>
    userViewIn(db, companyId)
      .leftJoin('sessions', (join) =>
        join.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
      )
      .select('sessions.created_at as login_time')
      .where('users.id', '=', id)
      .executeTakeFirst(),

  async createSession(
    db: Database,
    s: {
      id: string;
      userId: number;
      companyId: number;
      now: string;
      expiresAt: string;
      ip: string;
      ua: string;
    },
  ) {
    await db
      .insertInto('sessions')
      .values({
        id: s.id,
        user_id: s.userId,
        company_id: s.companyId,
        created_at: s.now,
        expires_at: s.expiresAt,
        ip: s.ip,
        user_agent: s.ua,
      })
      .execute();
    await inCompany(db, s.companyId)
      .updateTable('users')
      .set({ last_login_at: s.now })
      .where('id', '=', s.userId)
      .execute();
  },

  deleteSession: (db: Database, id: string) => db.deleteFrom('sessions').where('id', '=', id).execute(),

  deleteOtherSessions: (db: Database, userId: number, keepId: string) =>
    db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute(),

  deleteSessionsOfUser: (db: Database, userId: number) =>
    db.deleteFrom('sessions').where('user_id', '=', userId).execute(),

  /**
   * A member is found by the mobile they registered with (their username) or their profile mobile,
   * in any company: the code sent to them goes out in their company's name, and password recovery
   * knows no company but the member's.
   */
  findByMobile: async (db: Database, mobile: string) => {
    const everyCompany = unscoped(
      db,
      'a mobile names its member in every company (codes, password recovery)',
    );
    return (
      (await userView(everyCompany.selectFrom('users'))
        .where('users.username', '=', mobile)
        .executeTakeFirst()) ??
      userView(everyCompany.selectFrom('users'))
        .where('users.mobile', '=', mobile)
        .orderBy('users.id')
        .executeTakeFirst()
    );
  },

  insertMember: async (
    db: Database,
    v: {
      companyId: number;
      mobile: string;
      passwordHash: string;
      realName: string;
      role: number;
      referrerMobile: string;
      referrerCompanyId: number | null;
      agreementVersion: string;
      now: string;
    },
  ) =>
    (
      await inCompany(db, v.companyId)
        .insertInto('users', {
          username: v.mobile,
          password_hash: v.passwordHash,
          real_name: v.realName,
          role: v.role,
          department_id: null,
          position_id: null,
          mobile: v.mobile,
          email: '',
          avatar_url: '',
          main_bg: '',
          status: 1,
          last_login_at: null,
          referrer_mobile: v.referrerMobile,
          referrer_company_id: v.referrerCompanyId,
          agreement_version: v.agreementVersion,
          agreed_at: v.now,
          created_at: v.now,
          updated_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateProfile: (
    db: Database,
    companyId: number,
    userId: number,
    set: { real_name?: string; email?: string; updated_at: string },
  ) => inCompany(db, companyId).updateTable('users').set(set).where('id', '=', userId).execute(),

  /** How the user is told of their orders (issue 35): texts on or off, and their mobile. */
  noticeSettings: (db: Database, companyId: number, userId: number) =>
    inCompany(db, companyId)
      .selectFrom('users')
      .select(['order_sms', 'mobile'])
      .where('id', '=', userId)
      .executeTakeFirst(),

  setNoticeSettings: (db: Database, companyId: number, userId: number, orderSms: 0 | 1, now: string) =>
    inCompany(db, companyId)
      .updateTable('users')
      .set({ order_sms: orderSms, updated_at: now })
      .where('id', '=', userId)
      .execute(),

  deleteExpiredSessions: (db: Database, now: string) =>
    db.deleteFrom('sessions').where('expires_at', '<=', now).execute(),

  setPasswordHash: (db: Database, companyId: number, userId: number, passwordHash: string, now: string) =>
    inCompany(db, companyId)
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
      .where('id', '=', userId)
      .execute(),

  async logLogin(
    db: Database,
    row: {
      companyId: number | null;
      userId: number | null;
      username: string;
      ip: string;
      ua: string;
      success: boolean;
      reason: string;
      now: string;
    },
  ) {
    const values = {
      user_id: row.userId,
      username: row.username.slice(0, 50),
      ip: row.ip,
      user_agent: row.ua.slice(0, 300),
      success: row.success ? 1 : 0,
      reason: row.reason,
      created_at: row.now,
    };
    if (row.companyId !== null) {
      await inCompany(db, row.companyId).insertInto('login_logs', values).execute();
      return;
    }
    await unscoped(db, 'an attempt on a name no user has belongs to no company')
      .insertInto('login_logs')
      .values({ ...values, company_id: null })
      .execute();
  },

  /** Whether the user logged in successfully from `ip` since `since` (a known address of theirs). */
  async loggedInFrom(db: Database, companyId: number, userId: number, ip: string, since: string) {
    const row = await inCompany(db, companyId)
      .selectFrom('login_logs')
      .select('id')
      .where('user_id', '=', userId)
      .where('ip', '=', ip)
      .where('success', '=', 1)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async isKnownDevice(db: Database, tokenHash: string, userId: number) {
    const row = await db
      .selectFrom('login_devices')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  },

  rememberDevice: (db: Database, tokenHash: string, userId: number, now: string) =>
    db
      .insertInto('login_devices')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now })
      .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: now }))
      .execute(),

  forgetDevicesUnusedSince: (db: Database, since: string) =>
    db.deleteFrom('login_devices').where('last_used_at', '<', since).execute(),

  async loginLogsOfUser(db: Database, companyId: number, userId: number, p: PageParams) {
    const base = inCompany(db, companyId).selectFrom('login_logs').where('user_id', '=', userId);
    return pageAndCount(base, p, (q) =>
      q
        .select(['id', 'username', 'ip', 'user_agent', 'success', 'reason', 'created_at as create_time'])
        .orderBy('id', 'desc'),
    );
  },
};
