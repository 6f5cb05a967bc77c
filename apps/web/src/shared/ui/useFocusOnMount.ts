import { useCallback } from 'react';
import { focusRegion } from './focusRegion.ts';

/**
 * A ref that moves keyboard focus to its element when the element appears: a result that replaces
 * the form that made it (订单提交成功), a panel a step opens (see focusRegion).
 */
export function useFocusOnMount<T extends HTMLElement>(): (el: T | null) => void {
  return useCallback((el: T | null) => {
    if (el) focusRegion(el, { block: 'nearest' });
  }, []);
}
