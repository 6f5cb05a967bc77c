/**
 * '@portal/contract/divisions': the national divisions and the pasted-address parser. It carries
 * the division data (docs/adr/0016), so the web imports it only lazily (the address dialog).
 */
export * from './address-parse.ts';
export * from './divisions.ts';
