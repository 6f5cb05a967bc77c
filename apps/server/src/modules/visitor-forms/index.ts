import type { CompanyService } from '#server/modules/company/index.ts';
import { companyMissing } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { defineModule } from '#server/platform/module.ts';
import { enquiryService } from './enquiry.service.ts';
import { enquiryRoutes, feedbackRoutes, supplierRoutes } from './feedback.routes.ts';
import { feedbackService } from './feedback.service.ts';
import { type FormGate, formLimit } from './form-limit.ts';
import { supplierService } from './supplier.service.ts';

/**
 * The visitor forms' calls. A submission names its company (the site's tenant): it must be an
 * active one, so nothing is stored where no staff can ever see it; then one per-IP limit applies.
 */
export function visitorFormsModule(
  db: Database,
  deps: { companies: Pick<CompanyService, 'active'>; counters: Counters },
) {
  const limit = formLimit(deps.counters);
  const admit: FormGate = async (form, ip, companyId) => {
    if (!(await deps.companies.active(companyId))) throw companyMissing();
    await limit(form, ip);
  };
  return defineModule({
    name: 'visitor-forms',
    routes(app) {
      supplierRoutes(app, supplierService(db, admit));
      feedbackRoutes(app, feedbackService(db, admit));
      enquiryRoutes(app, enquiryService(db, admit));
    },
  });
}
