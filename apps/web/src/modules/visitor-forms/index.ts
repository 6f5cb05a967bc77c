// What other modules use of visitor-forms: the only way in from another module (checks/boundaries.test.ts).
export { EnquirySection } from './EnquirySection.tsx';
