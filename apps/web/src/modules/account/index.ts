// What other modules use of account: the only way in from another module (checks/boundaries.test.ts).

export { loginColumns } from './LoginLogTable.tsx';
export { useAccountInfo, useLogin, useLogout } from './useAccount.ts';
