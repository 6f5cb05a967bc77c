/**
 * The element id of the JSON block a server-rendered page carries: the query data the server
 * fetched. Its presence means "this page was rendered on the server" (docs/adr/0009).
 */
export const SSR_DATA_ID = 'ssr-data';
