/** The caller as every service sees it: no HTTP types. */
export interface Caller {
  userId: number;
  companyId: number;
  role: number;
  username: string;
  sessionId: string;
  ip: string;
}
