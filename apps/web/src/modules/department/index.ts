// What other modules use of department: the only way in from another module (checks/boundaries.test.ts).
export { DepartmentPage } from './DepartmentPage.tsx';
export { type DepartmentOption, subtreeIds, treeOptions } from './departmentTree.ts';
export { departmentKeys, useOrganization } from './useDepartments.ts';
