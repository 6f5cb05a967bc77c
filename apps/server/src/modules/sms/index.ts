export { gatewaySender, outboxSender, type SmsCodes, type SmsSender, smsCodes } from './sms.ts';
