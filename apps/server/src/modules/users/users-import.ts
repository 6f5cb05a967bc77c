import {
  assignableRoles,
  GENDER_WORDS,
  GENDERS,
  type ImportMode,
  RESOURCE_EXPORT_MAX,
  ROLE_NAMES,
  roleName,
  TOP_DEPARTMENT,
  USER_EXPORT_COLUMNS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_KIND,
  USER_STATUS,
  userImportRow,
  usersCalls,
} from '@portal/contract';
import type { z } from 'zod';
import { type AuditEntry, auditMany } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import { companyInScope, inCompany } from '#server/platform/db/scope.ts';
import type { JobContext, JobQueue } from '#server/platform/jobs/types.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import {
  type ImportedRow,
  type ImportJobData,
  type SheetValues,
  sheetImport,
  sheetImportJob,
} from '#server/platform/resource/sheet-import.ts';
import { nowIso, wallDate, type ZoneOf } from '#server/platform/time.ts';
import { hashPassword } from '../account/index.ts';
import type { CheckPassword } from '../company-settings/index.ts';
import { usersRepository as repo } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

/** An import job's input: the mode, and the company of the caller's scope it imports into. */
export interface UserImportData extends ImportJobData {
  company_id: number;
}
type ImportRowData = z.output<typeof userImportRow>;
type ExportInput = z.output<typeof usersCalls.export.input>;

/** First passwords hashed at once (libuv's four threads). */
const HASHING = 4;
/** A role's number by its name (a sheet names roles as the list shows them). */
const ROLE_BY_NAME = new Map(Object.entries(ROLE_NAMES).map(([n, name]) => [name, Number(n)]));

/** A person as an import stages them (the password already hashed: no password is ever staged). */
interface StagedPerson {
  username: string;
  real_name: string;
  password_hash?: string;
  password?: string;
  role: number;
  gender: number;
  mobile: string;
  email: string;
  department_id: number | null;
  position_id: number | null;
}

/**
 * The people's Excel import and export (issue 34, docs/adr/0038), on the platform's import block
 * (`sheetImport`: preview, staged rows, one publish transaction, the refused rows' file). Per row:
 * the create's fields and password rules (`userImportRow`); the user name and the mobile number
 * unique across every company and within the file; the first password by the company's password
 * rules (`checkPassword`, as the create); the role one the importer may give
 * (`assignableRoles`), by its name; the department and position by name in the target company, the
 * position of that department or of the whole company (a position alone gives its department). The
 * target company is one of the caller's scope (`companyInScope`), checked when the job is started
 * and again when it runs. The publish inserts each person as the create does, audited, in one
 * transaction; the job marked done in it, a publish never runs twice, and a user name already
 * stored is refused, so the same file imported again adds nobody.
 */
export function usersImport(db: Database, deps: { checkPassword: CheckPassword }) {
  const importer = sheetImport<UserImportData>(db, {
    label: '人员',
    kind: USER_IMPORT_KIND,
    columns: USER_IMPORT_COLUMNS,
    row: userImportRow,
    example: {
      username: 'zhangsan',
      real_name: '张三',
      password: 'abc12345',
      role: '学生',
      gender: '男',
      mobile: '13800000000',
      email: 'zhangsan@example.com',
      department: '',
      position: '',
    },
    choices: { gender: Object.keys(GENDER_WORDS), role: assignableRoles(3).map(roleName) },
    unique: ['username', 'mobile'],
    hidden: ['password'],
    async begin(ctx: JobContext<UserImportData>, commit: boolean) {
      const { caller } = ctx;
      const scope = await companyInScope(db, caller, ctx.data.company_id);
      const { departments, positions } = await repo.named(scope);
      const may = new Set(assignableRoles(caller.role));

      function resolve(data: Record<string, unknown>): SheetValues {
        const row = data as ImportRowData;
        const errors: Record<string, string> = {};
        const role = ROLE_BY_NAME.get(row.role);
        if (role === undefined) errors.role = `角色「${row.role}」不存在`;
        else if (!may.has(role)) errors.role = `不能授予「${row.role}」角色`;
        let departmentId: number | null = null;
        if (row.department) {
          const found = departments.filter((d) => d.name === row.department);
          if (found.length === 0) errors.department = `部门「${row.department}」不存在`;
          else if (found.length > 1) errors.department = `有多个名为「${row.department}」的部门，无法确定`;
          else departmentId = found[0]?.id ?? null;
        }
        let positionId: number | null = null;
        if (row.position && !errors.department) {
          const named = positions.filter((p) => p.name === row.position);
          const fits =
            departmentId === null
              ? named
              : named.filter((p) => p.department_id === departmentId || p.department_id === TOP_DEPARTMENT);
          if (named.length === 0) errors.position = `职务「${row.position}」不存在`;
          else if (fits.length === 0)
            errors.position = `职务「${row.position}」不属于部门「${row.department}」`;
          else if (fits.length > 1) errors.position = `有多个名为「${row.position}」的职务，请填写部门`;
          else {
            const position = fits[0];
            positionId = position?.id ?? null;
            if (departmentId === null && position && position.department_id !== TOP_DEPARTMENT)
              departmentId = position.department_id;
          }
        }
        if (Object.keys(errors).length > 0) return { errors };
        const values: StagedPerson = {
          username: row.username,
          real_name: row.real_name,
          password: row.password,
          role: role as number,
          gender: row.gender ? (GENDER_WORDS[row.gender] ?? 0) : 0,
          mobile: row.mobile ?? '',
          email: row.email ?? '',
          department_id: departmentId,
          position_id: positionId,
        };
        return { values: values as unknown as Record<string, unknown> };
      }

      /** Of the rows, those whose user name or mobile number some user holds, by row number. */
      async function taken(
        conn: Database,
        rows: readonly { rowNumber: number; values: Record<string, unknown> }[],
      ) {
        const refused = new Map<number, Record<string, string>>();
        const people = rows.map((r) => ({
          rowNumber: r.rowNumber,
          person: r.values as unknown as StagedPerson,
        }));
        const names = await repo.takenOf(
          conn,
          'username',
          people.map((p) => p.person.username),
        );
        const mobiles = await repo.takenOf(
          conn,
          'mobile',
          people.map((p) => p.person.mobile),
        );
        for (const { rowNumber, person } of people) {
          const errors: Record<string, string> = {};
          if (names.has(person.username)) errors.username = `该用户名已被使用：「${person.username}」`;
          if (person.mobile !== '' && mobiles.has(person.mobile))
            errors.mobile = `该手机号已被其他用户使用：「${person.mobile}」`;
          if (Object.keys(errors).length > 0) refused.set(rowNumber, errors);
        }
        return refused;
      }

      return {
        resolve,
        async check(rows: readonly ImportedRow[]) {
          const refused = await taken(db, rows);
          for (const row of rows) {
            const { password } = row.values as unknown as StagedPerson;
            try {
              await deps.checkPassword(scope.companyId, password ?? '', 'password', '初始密码');
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              refused.set(row.rowNumber, { ...refused.get(row.rowNumber), password: error.message });
            }
          }
          return refused;
        },
        // No password is staged: a commit's rows are staged with its hash, a preview's without.
        // Hashed HASHING at a time: each argon2 hash holds 19 MiB while it runs.
        async stage(rows: readonly ImportedRow[]) {
          const out: Record<string, unknown>[] = [];
          for (let at = 0; at < rows.length; at += HASHING)
            out.push(
              ...(await Promise.all(
                rows.slice(at, at + HASHING).map(async (r) => {
                  const { password, ...person } = r.values as unknown as StagedPerson;
                  return commit && password
                    ? { ...person, password_hash: await hashPassword(password) }
                    : person;
                }),
              )),
            );
          return out;
        },
        async transaction<T>(work: (trx: Database) => Promise<T>) {
          try {
            return await db.transaction().execute(work);
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            const mobile = /mobile/i.test(String((error as Error).message));
            throw new AppError(
              mobile ? 'USER_MOBILE_TAKEN' : 'USERNAME_TAKEN',
              `${mobile ? '有手机号已被其他用户使用' : '有用户名已被使用'}，没有导入任何一行：请修正后重新导入`,
              mobile ? 'mobile' : 'username',
            );
          }
        },
        async publish(trx, rows) {
          const s = inCompany(trx, scope.companyId, { userId: caller.userId });
          // Checked again in the transaction: another user may have taken a name or a number, or a
          // department or position may have gone, since the rows were checked.
          const refused = await taken(trx, rows);
          const [first] = refused.entries();
          if (first) {
            const row = rows.find((r) => r.rowNumber === first[0]);
            throw new AppError(
              first[1].username ? 'USERNAME_TAKEN' : 'USER_MOBILE_TAKEN',
              `${Object.values(first[1])[0]}（第${row?.rowNumber}行），没有导入任何一行：请修正后重新导入`,
              first[1].username ? 'username' : 'mobile',
            );
          }
          const live = await repo.named(s);
          const departmentIds = new Set(live.departments.map((d) => d.id));
          const positionIds = new Set(live.positions.map((p) => p.id));
          const entries: AuditEntry[] = [];
          const at = nowIso();
          for (const { rowNumber, values } of rows) {
            const { password_hash, password: _none, ...person } = values as unknown as StagedPerson;
            if (
              (person.department_id !== null && !departmentIds.has(person.department_id)) ||
              (person.position_id !== null && !positionIds.has(person.position_id))
            )
              throw new AppError(
                'NOT_FOUND',
                `第${rowNumber}行的部门或职务已被删除，没有导入任何一行：请修正后重新导入`,
              );
            if (!password_hash) throw new AppError('PARAM_ERROR', `第${rowNumber}行的初始密码不正确`);
            const id = await repo.insert(s, { ...person, password_hash }, at);
            entries.push({
              action: 'create',
              entity: 'users',
              entityId: id,
              after: { company_id: s.companyId, ...person, roles: [person.role] },
            });
          }
          await auditMany(trx, caller, entries);
        },
      };
    },
  });

  return {
    /** The import's template: its 角色 column offers the roles the caller may give. */
    template: (caller: Caller) =>
      importer.template({
        gender: Object.keys(GENDER_WORDS),
        role: assignableRoles(caller.role).map(roleName),
      }),
    job: sheetImportJob(USER_IMPORT_KIND, importer),
    /** Starts an import into a company of the caller's scope (refused at once outside it). */
    async start(
      queue: JobQueue,
      caller: Caller,
      input: { company_id?: number | undefined; mode: ImportMode; path: string },
    ) {
      const scope = await companyInScope(db, caller, input.company_id);
      return queue.add(caller, {
        kind: USER_IMPORT_KIND,
        title: '导入人员',
        data: { mode: input.mode, company_id: scope.companyId } satisfies UserImportData,
        inputFile: input.path,
      });
    },
  };
}

/** Rows an export reads per page. */
const EXPORT_PAGE = 500;

/** The people's list as it exports: the list's filters, the sheet's columns (names, not ids). */
export function usersExport(users: UsersService, zoneOf: ZoneOf): ListExport<ExportInput> {
  return {
    kind: `export:${usersCalls.export.path}`,
    label: '人员',
    columns: USER_EXPORT_COLUMNS,
    count: async (caller, input) =>
      (await users.list(caller, input, { page: 1, pageSize: 5, offset: 0 })).paging.count,
    async *rows(caller: Caller, input: ExportInput) {
      const zone = await zoneOf(caller.companyId);
      for (let offset = 0, page = 1; offset < RESOURCE_EXPORT_MAX; offset += EXPORT_PAGE, page++) {
        const { results } = await users.list(caller, input, { page, pageSize: EXPORT_PAGE, offset });
        for (const u of results)
          yield {
            username: u.username,
            real_name: u.real_name,
            role: roleName(u.role),
            gender: u.gender === 0 ? '' : (GENDERS[u.gender as keyof typeof GENDERS] ?? ''),
            mobile: u.mobile,
            email: u.email,
            department: u.department_name,
            position: u.position_name,
            other_roles: u.roles
              .filter((r) => r !== u.role)
              .map(roleName)
              .join('、'),
            status: USER_STATUS[u.status as keyof typeof USER_STATUS] ?? '',
            // Date cells on the company's clock (issue 35 item 7).
            last_login_time: u.last_login_time ? wallDate(zone, u.last_login_time) : null,
            create_time: wallDate(zone, u.create_time),
          };
        if (results.length < EXPORT_PAGE) return;
      }
    },
  };
}
export type UsersImport = ReturnType<typeof usersImport>;
