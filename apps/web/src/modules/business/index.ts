/** What other modules use of the businesses: the home page's 业务观摩 card. */
export { ObservationCard } from './ObservationCard.tsx';
