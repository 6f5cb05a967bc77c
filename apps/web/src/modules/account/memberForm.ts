/** `138****5678` for an 11-digit mobile; anything else as it is (the contract's, which the member list uses too). */
export { maskMobile } from '@portal/contract';
