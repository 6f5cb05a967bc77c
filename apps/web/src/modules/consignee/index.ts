// What other modules use of consignee: the only way in from another module (checks/boundaries.test.ts).
export { ConsigneeBook } from './ConsigneeBook.tsx';
export { useConsignees } from './useConsignees.ts';
