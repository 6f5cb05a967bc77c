/** A principal's assistants and what each may do for them (我的助理, docs/adr/0038 decision 6): a personal screen of every protected area. */
export { AssistantPage } from './AssistantPage.tsx';
