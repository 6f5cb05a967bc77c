/** An order in the member's workbench (the detail drawer opens). */
export const orderHref = (id: number) => `/Workbench?tab=orders&order=${id}`;
