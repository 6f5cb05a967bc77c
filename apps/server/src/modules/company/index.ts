/** What other modules may use of the company module. */
export type { CompanyService } from './company.service.ts';
