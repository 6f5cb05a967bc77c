/** What other modules may use of the consignee module. */
export { consigneeRepository } from './consignee.repository.ts';
