/** What other modules may use of the review module. */
export { reviewRepository } from './review.repository.ts';
