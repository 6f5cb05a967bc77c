/** Groups of companies (集群, docs/adr/0038): the screens of the manager area. */
export { GroupAdminPage } from './GroupAdminPage.tsx';
export { GroupCompanyPage } from './GroupCompanyPage.tsx';
export { inCompany, ScopeCompanySelect, useCanChooseCompany } from './ScopeCompanySelect.tsx';
