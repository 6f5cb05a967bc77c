export { type SmsCodes, smsCodes } from './sms.ts';
