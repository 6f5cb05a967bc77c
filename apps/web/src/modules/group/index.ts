/** Groups of companies (集群, docs/adr/0038): the screens of the manager area. */
export { GroupCompanyPage } from './GroupCompanyPage.tsx';
