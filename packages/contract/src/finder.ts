import { z } from 'zod';
import { getCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, keyword, optionalId, optionalText, paging, text } from './fields.ts';

/**
 * The public finder pages: app download (`/app`, `GET /check/app/version`), QR codes (`/qrcode`),
 * staff and instructor search (`/searchPerson`) and public training projects (`/searchExperiment`).
 */

export const APP_PLATFORMS = { android: 'Android', ios: 'iOS' } as const;
export type AppPlatform = keyof typeof APP_PLATFORMS;

/** An app release is offered once it is published and its release time has come. */
export const APP_VERSION_STATUS = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;

/** `x.y.z`, each part 0–9999 without leading zeros noise (1.02.3 is read as 1.2.3). */
export const APP_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

const platform = z.enum(['android', 'ios'], {
  error: (iss) =>
    iss.input === undefined || iss.input === '' ? '平台不能为空' : '平台只能是 android 或 ios',
});

/** GET /check/app/version — the newest release of a platform, compared with the caller's version. */
export const appVersionQuery = form({
  platform,
  // '' counts as not given (the service then answers the newest release without comparing).
  current: optionalText('当前版本', { max: 20 })
    .refine((v) => !v || APP_VERSION_PATTERN.test(v), '当前版本格式不正确，应为 x.y.z')
    .transform((v) => v || undefined),
  company_id: optionalId('单位'),
});

export const appVersionSchema = z.object({
  platform,
  version: z.string(),
  build: z.number().int(),
  notes: z.string(),
  download_url: z.string(),
  released_at: z.string(),
  /** True when a release newer than `current` must be installed (any of them, not only the newest). */
  force_update: z.boolean(),
  /** True when `current` was given and the newest release is newer. */
  has_update: z.boolean(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

/**
 * Who `/searchPerson` finds: instructors (4 指导者, 8 指导者助理) and back-office staff. Not the
 * super administrator (1, a system account, not a person of the company), students (9), tool
 * users (11, the number-game area is no office) or shop members (15).
 */
export const PERSON_INSTRUCTOR_ROLES = [4, 8] as const;
export const PERSON_STAFF_ROLES = [2, 3, 5, 6, 7, 10, 12, 13, 14, 18, 20, 21] as const;
export const PERSON_SEARCH_ROLES: readonly number[] = [...PERSON_INSTRUCTOR_ROLES, ...PERSON_STAFF_ROLES];
export const PERSON_NAME_MAX = 20;
/** Searches per IP per minute: enough for a person, too few to walk the staff list by brute force. */
export const PERSON_SEARCH_PER_MINUTE = 30;

export const personSearchQuery = form({
  name: text('姓名', { max: PERSON_NAME_MAX }),
  ...paging,
  company_id: optionalId('单位'),
});

/** A found person: the name and the public side of the job only — never contact or login data. */
export const personSchema = z.object({
  id: z.number().int(),
  real_name: z.string(),
  role_name: z.string(),
  position: z.string(),
  group: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** Training projects (实训项目): the category a project is filed under. */
export const PROJECT_CATEGORIES = {
  purchase: '采购管理',
  sales: '销售管理',
  finance: '财务管理',
  bidding: '招标投标',
  hr: '人力资源',
  admin: '行政办公',
} as const;
export type ProjectCategory = keyof typeof PROJECT_CATEGORIES;
export const PROJECT_CATEGORY_LIST = Object.keys(PROJECT_CATEGORIES) as ProjectCategory[];
export const PROJECT_LEVELS: Record<number, string> = { 1: '初级', 2: '中级', 3: '高级' };
/** 1 active (can be run and listed), 0 stopped; deleting is soft (`del_flag`). */
export const PROJECT_STATUS = { STOPPED: 0, ACTIVE: 1 } as const;

export const experimentSearchQuery = form({
  keyword: keyword(),
  category: z.optional(
    z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(PROJECT_CATEGORY_LIST as [ProjectCategory, ...ProjectCategory[]], { error: '项目分类不正确' })
        .optional(),
    ),
  ),
  ...paging,
  company_id: optionalId('单位'),
});
export type ExperimentSearchQuery = z.output<typeof experimentSearchQuery>;

export const experimentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  category: z.string(),
  category_name: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  cover: z.string(),
  created_at: z.string(),
});
export type Experiment = z.infer<typeof experimentSchema>;

const access = { public: true } as const;
const app = getCalls(['app']);
const search = getCalls(['search']);

/** The calls of the public finder pages, served by modules/finder. */
export const finderCalls = {
  appVersion: app('/check/app/version', '检查 App 最新版本', access, appVersionQuery, appVersionSchema),
  people: search(
    '/search/person',
    '按姓名查找工作人员和指导老师',
    access,
    personSearchQuery,
    pageOf(personSchema),
  ),
  experiments: search(
    '/search/experiment',
    '查找公开的实训项目',
    access,
    experimentSearchQuery,
    pageOf(experimentSchema),
  ),
};
