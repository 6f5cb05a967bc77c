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
  const refs = useRef<FocusRefs>({ trigger: null, atClose: null });
  // A layout effect runs before antd moves focus into the dialog (its effects come later).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open)
      refs.current.trigger = active instanceof HTMLElement && active !== document.body ? active : null;
    else refs.current.atClose = active;
  }, [open]);
  // A page that drops the dialog as it closes (`{editing && <FormModal open … />}`) has no closing
  // animation, so no afterOpenChange(false): the same, once the dialog has left the page.
  useLayoutEffect(() => {
    const r = refs.current;
    return () => {
      if (!r.trigger) return;
      r.atClose ??= document.activeElement;
      setTimeout(() => returnFocus(r), 0);
    };
  }, []);
  return {
    props: { focusTriggerAfterClose: false },
    closed: () => returnFocus(refs.current),
  };
}

interface FocusRefs {
  /** What had focus when the dialog opened. */
  trigger: HTMLElement | null;
  /** What had focus when it started closing. */
  atClose: Element | null;
}

function returnFocus(refs: FocusRefs): void {
  const { trigger, atClose } = refs;
  refs.trigger = null;
  refs.atClose = null;
  if (!trigger?.isConnected) return;
  const active = document.activeElement;
  const moved =
    active !== null &&
    active !== document.body &&
    active !== atClose &&
    !atClose?.closest('[role="dialog"]')?.contains(active) &&
    !active.hasAttribute('data-focus-region');
  if (!moved) trigger.focus({ preventScroll: true });
}
