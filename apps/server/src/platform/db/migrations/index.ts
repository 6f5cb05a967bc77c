import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { foundation } from './001-foundation.ts';
import { cacheVersions } from './002-cache-versions.ts';
import { categorySiblingNames } from './003-category-sibling-names.ts';
import { shop } from './004-shop.ts';
import { content } from './005-content.ts';
import { microsites } from './006-microsites.ts';
import { feedback } from './007-feedback.ts';
import { appSearch } from './008-app-search.ts';
import { promotion } from './009-promotion.ts';
import { smsCodeIp } from './010-sms-code-ip.ts';
import { loginLimits } from './011-login-limits.ts';
import { catalogueIndex } from './012-catalogue-index.ts';
import { catalogueSearchText } from './013-catalogue-search-text.ts';
import { payments } from './014-payments.ts';
import { consigneeDivisions } from './015-consignee-divisions.ts';
import { cataloguePinyin } from './016-catalogue-pinyin.ts';
import { memberAgreement } from './017-member-agreement.ts';
import { goodsBrands } from './018-goods-brands.ts';
import { publicBrands } from './019-public-brands.ts';
import { goodsLibrary } from './020-goods-library.ts';
import { files } from './021-files.ts';
import { couponAdmin } from './022-coupon-admin.ts';
import { customers } from './023-customers.ts';
import { stock } from './025-stock.ts';
import { skuOrders } from './026-sku-orders.ts';
import { librarySearch } from './027-library-search.ts';
import { orderDays } from './029-order-days.ts';
import { products } from './030-products.ts';
import { productionPlans } from './031-production-plans.ts';
import { purchases } from './032-purchases.ts';
import { bulkCatalogue } from './033-bulk-catalogue.ts';
import { newsAdminGuests } from './034-news-admin-guests.ts';
import { librarySorts } from './036-library-sorts.ts';
import { cartMerges } from './037-cart-merges.ts';
import { companyChangeRequests } from './038-company-change-requests.ts';
import { richText } from './039-rich-text.ts';
import { jobs } from './040-jobs.ts';
import { importStaging } from './041-import-staging.ts';
import { companyGroups } from './042-company-groups.ts';
import { departments } from './043-departments.ts';
import { userRoles } from './044-user-roles.ts';
import { companyRolePermissions } from './045-company-role-permissions.ts';
import { assistantGrants } from './046-assistant-grants.ts';
import { inbox } from './047-inbox.ts';
import { companySettings } from './048-company-settings.ts';
import { workPlans } from './050-work-plans.ts';
import { enquiries } from './051-enquiries.ts';
import { personTransfers } from './053-person-transfers.ts';
import { receiptWait } from './055-receipt-wait.ts';
import { orderSms } from './056-order-sms.ts';
import { purchaseStocked } from './057-purchase-stocked.ts';
import { searchPairsAppDownloads } from './059-search-pairs-app-downloads.ts';
import { flows } from './060-flows.ts';
import { flowSetup } from './061-flow-setup.ts';
import { flowProjects } from './062-flow-projects.ts';
import { businesses } from './063-businesses.ts';
import { courses } from './064-courses.ts';
import { businessRuns } from './065-business-runs.ts';
import { businessMessages } from './066-business-messages.ts';
import { businessMovingOn } from './067-business-moving-on.ts';
import { businessSeatStates } from './068-business-seat-states.ts';
import { businessVotes } from './069-business-votes.ts';
import { businessDocs } from './070-business-docs.ts';
import { businessNests } from './071-business-nests.ts';
import { businessPosts } from './072-business-posts.ts';
import { businessNotes } from './073-business-notes.ts';
import { businessBring } from './074-business-bring.ts';
import { businessDisplays } from './075-business-displays.ts';
import { businessSeatRequests } from './076-business-seat-requests.ts';
import { businessDocFiles } from './077-business-doc-files.ts';

/** The one ordered migration set for both dialects. Append, never edit a released one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '002-cache-versions': cacheVersions,
    '003-category-sibling-names': categorySiblingNames,
    '004-shop': shop(dialect),
    '005-content': content(dialect),
    '006-microsites': microsites,
    '007-feedback': feedback(dialect),
    '008-app-search': appSearch(dialect),
    '009-promotion': promotion(dialect),
    '010-sms-code-ip': smsCodeIp,
    '011-login-limits': loginLimits,
    '012-catalogue-index': catalogueIndex(dialect),
    '013-catalogue-search-text': catalogueSearchText,
    '014-payments': payments(dialect),
    '015-consignee-divisions': consigneeDivisions,
    '016-catalogue-pinyin': cataloguePinyin,
    '017-member-agreement': memberAgreement,
    '018-goods-brands': goodsBrands(dialect),
    '019-public-brands': publicBrands(dialect),
    '020-goods-library': goodsLibrary(dialect),
    '022-coupon-admin': couponAdmin,
    '021-files': files(dialect),
    '023-customers': customers(dialect),
    '025-stock': stock(dialect),
    '032-purchases': purchases(dialect),
    '026-sku-orders': skuOrders,
    '033-bulk-catalogue': bulkCatalogue(dialect),
    '027-library-search': librarySearch,
    '036-library-sorts': librarySorts,
    '038-company-change-requests': companyChangeRequests(dialect),
    '029-order-days': orderDays,
    '030-products': products(dialect),
    '031-production-plans': productionPlans(dialect),
    '034-news-admin-guests': newsAdminGuests(dialect),
    '037-cart-merges': cartMerges(dialect),
    '039-rich-text': richText,
    '040-jobs': jobs(dialect),
    '041-import-staging': importStaging(dialect),
    '042-company-groups': companyGroups(dialect),
    '043-departments': departments,
    '044-user-roles': userRoles,
    '045-company-role-permissions': companyRolePermissions,
    '046-assistant-grants': assistantGrants,
    '047-inbox': inbox(dialect),
    '048-company-settings': companySettings,
    '050-work-plans': workPlans(dialect),
    '051-enquiries': enquiries(dialect),
    '053-person-transfers': personTransfers(dialect),
    '055-receipt-wait': receiptWait,
    '056-order-sms': orderSms,
    '057-purchase-stocked': purchaseStocked,
    '059-search-pairs-app-downloads': searchPairsAppDownloads,
    '060-flows': flows(dialect),
    '061-flow-setup': flowSetup(dialect),
    '062-flow-projects': flowProjects(dialect),
    '063-businesses': businesses(dialect),
    '064-courses': courses(dialect),
    '065-business-runs': businessRuns(dialect),
    '066-business-messages': businessMessages(dialect),
    '067-business-moving-on': businessMovingOn(dialect),
    '068-business-seat-states': businessSeatStates(dialect),
    '069-business-votes': businessVotes,
    '070-business-docs': businessDocs(dialect),
    '071-business-nests': businessNests,
    '072-business-posts': businessPosts(dialect),
    '073-business-notes': businessNotes(dialect),
    '074-business-bring': businessBring,
    '075-business-displays': businessDisplays(dialect),
    '076-business-seat-requests': businessSeatRequests,
    '077-business-doc-files': businessDocFiles(dialect),
  };
}
