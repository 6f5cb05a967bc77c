// What other modules use of cms: the only way in from another module (checks/boundaries.test.ts).
export { HomeCarousel } from './HomeCarousel.tsx';
export { LatestNews } from './LatestNews.tsx';
export { useNewsDetail } from './useCms.ts';
