import { KEYWORD_MAX } from '@portal/contract';
import { pageFromQuery, textFromQuery } from '#web/shared/searchQuery.ts';

// Apart from links.ts: that file runs in the home chunk, which should not carry the contract's
// cms schemas (KEYWORD_MAX lives beside them).

/** The /news list as the URL holds it. */
export type NewsListState = {
  category: string;
  keyword: string;
  page: number;
  page_size: number;
};

/** The list state of an address; an odd category, page or size falls back to the default. */
export function parseNewsQuery(params: URLSearchParams): NewsListState {
  const category = params.get('category') ?? '';
  return {
    category: /^[A-Za-z][\w-]{0,31}$/.test(category) ? category : '',
    keyword: textFromQuery(params, 'keyword', KEYWORD_MAX),
    ...pageFromQuery(params),
  };
}
