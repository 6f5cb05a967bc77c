/** What other modules may use of the catalogue module. */
export { bumpCatalogue } from './catalogue.service.ts';
