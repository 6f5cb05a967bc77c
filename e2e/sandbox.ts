/** The test payment provider's secret on the e2e server (playwright.config.ts; tests/payment.spec.ts signs with it). */
export const SANDBOX_SECRET = 'e2e-payment-sandbox';
