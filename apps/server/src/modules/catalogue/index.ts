/** What other modules may use of the catalogue module. */
export { bumpCatalogue, bumpCounters } from './catalogue.service.ts';
