import { useLayoutEffect, useRef } from 'react';

/**
 * Focus back to what opened a dialog once the dialog has closed — unless the user has put it
 * somewhere else meanwhile. antd's own return (focusTriggerAfterClose) moves focus when the
 * closing animation ends, whatever has it by then; on a busy machine that is a good while after
 * 保存, and someone already typing in the list's search box had focus taken to 新增… under their
 * fingers, so their Enter opened the dialog again.
 *
 * Spread `props` on the Modal and call `closed()` from its afterOpenChange(false). Focus goes back
 * unless it is on a control outside the dialog that it was not on when the dialog started closing:
 * still in the dialog, on nothing (the body) or on a region the page's script focused (focusRescue
 * takes it to the list when the dialog's button it was on left) it goes back.
 */
export function useFocusReturn(open: boolean) {
  const trigger = useRef<HTMLElement | null>(null);
  const atClose = useRef<Element | null>(null);
  // A layout effect runs before antd moves focus into the dialog (its effects come later).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open) trigger.current = active instanceof HTMLElement && active !== document.body ? active : null;
    else atClose.current = active;
  }, [open]);
  return {
    props: { focusTriggerAfterClose: false },
    closed: () => {
      const target = trigger.current;
      const before = atClose.current;
      trigger.current = null;
      atClose.current = null;
      if (!target?.isConnected) return;
      const active = document.activeElement;
      const moved =
        active !== null &&
        active !== document.body &&
        active !== before &&
        !before?.closest('[role="dialog"]')?.contains(active) &&
        !active.hasAttribute('data-focus-region');
      if (!moved) target.focus({ preventScroll: true });
    },
  };
}
