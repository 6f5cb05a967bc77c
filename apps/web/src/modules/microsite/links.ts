/** A goods of the microsite's company: the detail page reads that company's catalogue. */
export const goodsOfCompanyHref = (id: number, companyId: number) =>
  `/goodsDetail?id=${id}&company_id=${companyId}`;
