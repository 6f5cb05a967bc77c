/** A goods of the microsite's company: the detail page reads that company's catalogue. */
export const goodsOfCompanyHref = (id: number, companyId: number) =>
  `/goodsDetail?id=${id}&company_id=${companyId}`;

/** An article of the microsite's company (the /detail page of the cms module). */
export const newsOfCompanyHref = (id: number, companyId: number) =>
  `/detail?id=${id}&company_id=${companyId}`;
