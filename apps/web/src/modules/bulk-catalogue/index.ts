// What other modules use of bulk-catalogue: the only way in from another module (checks/boundaries.test.ts).
export { BulkCatalogueSection, bulkSectionTitle } from './BulkCatalogueSection.tsx';
