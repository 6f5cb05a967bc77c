/** Business constants of the specification (§9). */
export const DEFAULT_COMPANY_ID = 125;
export const DEFAULT_EN = 1;
export const DEFAULT_LOGIN_TYPE = -1;
export const DEFAULT_REMEMBER = true;
export const DEFAULT_PROCESS_TYPE = 1;
export const DEFAULT_CAN_SWITCH = true;
export const CLOCK_REFRESH_MS = 200;
export const LAZY_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_MS = 1500;
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Most characters of the keyword a list or a picker is searched by (its search box holds no more). */
export const KEYWORD_MAX = 50;
export const LOGOUT_PROMPT = '是否要退出系统?';
export const WIZARD_INCOMPLETE = '当前环节数据未设置完整，不能跳转到下一步';
export const WIZARD_NO_STEP = '参数错误';
/** Tenant codes a host name's first segment maps to. */
export const TENANT_CODES = ['iot', 'qy', 'qf', 'default'] as const;

/**
 * The version of the 用户协议 and 隐私政策 a member agrees to at registration (the texts:
 * apps/web/src/modules/account/agreements.tsx). The server records which version and when.
 */
export const AGREEMENT_VERSION = '2026-11-24';
export const AGREEMENT_REQUIRED = '请阅读并同意《用户协议》和《隐私政策》';
