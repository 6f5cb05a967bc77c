export { CompanySettingsPage, CrmSetPage, SystemSetPage } from './CompanySettingsPage.tsx';
