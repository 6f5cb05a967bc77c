/**
 * The contract without zod ('@portal/contract/constants'): codes and messages, constants, roles,
 * permissions, the shop's constants, microsite paths. A page that validates no form imports from
 * here or from '@portal/contract/calls', so zod stays out of its bundle; checks/zod-free.test.ts
 * fails when anything reachable from this file imports zod.
 */
export * from './bulk-catalogue-constants.ts';
export * from './codes.ts';
export * from './constants.ts';
export * from './file-constants.ts';
export * from './microsite-paths.ts';
export * from './permissions.ts';
export * from './pmc-constants.ts';
export * from './resource-limits.ts';
export * from './rich-text.ts';
export * from './roles.ts';
export * from './shop-constants.ts';
export * from './stock-constants.ts';
export * from './zone-time.ts';
