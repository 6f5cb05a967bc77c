/** A person's move to another company or group and its review (docs/adr/0038 "Moving to another company"). */
export { CompanyChangeRequestPage, GroupChangeRequestPage } from './TransferRequestPage.tsx';
export { ResultCompanyChangePage, ResultGroupChangePage } from './TransferReviewPage.tsx';
