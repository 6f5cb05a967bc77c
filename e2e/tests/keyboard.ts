import { expect, type Locator, type Page } from '@playwright/test';

/** What has keyboard focus, as a person would be told. */
export interface FocusState {
  tag: string;
  name: string;
  /** Whether the focused element is a region focused by script (no ring drawn on purpose). */
  region: boolean;
  /** Where it fails to be seen, or '' when it is seen. */
  problem: string;
}

/**
 * The focused element, and whether a sighted keyboard user sees it: on screen, not covered by a
 * sticky header or bottom bar (the point at its centre belongs to it), drawn (not transparent or
 * hidden), and showing a focus indicator (an outline, or the ring antd's text fields draw round
 * their box).
 */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { tag: 'body', name: '', region: false, problem: 'focus is on the page body' };
    const name =
      (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '')
        .trim()
        .slice(0, 40) || el.outerHTML.slice(0, 120);
    const region = el.hasAttribute('data-focus-region');
    const state = { tag: el.tagName.toLowerCase(), name, region, problem: '' };
    if (region) return state;
    // A select's search field, a check box's or radio's input are transparent by design: what is
    // drawn is the select's box, the check box, radio or segment round the input.
    const drawn = (
      el.matches('input[type="radio"], input[type="checkbox"]')
        ? (el.closest('.ant-radio-button-wrapper, .ant-segmented-item, .ant-checkbox, .ant-radio') ?? el)
        : (el.closest('.ant-select, .ant-picker') ?? el)
    ) as HTMLElement;
    if (!drawn.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      return { ...state, problem: 'the focused control is not drawn' };
    const rect = drawn.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0)
      return { ...state, problem: 'the focused control has no size' };
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    // The middle of what is on screen: a control taller than the window (a long side menu, which
    // takes focus as one list) is seen when part of it is.
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    const y = bottom > top ? (top + bottom) / 2 : rect.top + rect.height / 2;
    if (y < 0 || y > window.innerHeight)
      return { ...state, problem: `off screen (centre at y=${Math.round(y)})` };
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && hit !== drawn && !drawn.contains(hit) && !hit.contains(el)) {
      const cover = hit.closest('header, [class*="bar"], [class*="header"]') ?? hit;
      return { ...state, problem: `covered by <${cover.tagName.toLowerCase()} class="${cover.className}">` };
    }
    const outlined = [el, drawn].some((e) => {
      const style = getComputedStyle(e);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    });
    const box =
      el.closest('.ant-input-affix-wrapper, .ant-select, .ant-input-number, .ant-picker') ??
      (el.classList.contains('ant-input') ? el : null);
    const ringed = !!box && getComputedStyle(box).boxShadow !== 'none';
    if (!outlined && !ringed) return { ...state, problem: 'no focus indicator is drawn' };
    return state;
  });
}

/** Waits (for a ring's transition, a scroll into view) until the focus is seen, or fails saying why not. */
export async function expectFocusSeen(page: Page, step: string): Promise<FocusState> {
  const until = Date.now() + 3_000;
  let state = await focusState(page);
  while (state.problem && Date.now() < until) {
    await page.waitForTimeout(100);
    state = await focusState(page);
  }
  expect(state.problem, `${step}: focus on <${state.tag}> “${state.name}”`).toBe('');
  return state;
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus (none if it has it already),
 * checking at every stop that the focus is seen. Fails after `max` stops.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 80 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  const key = back ? 'Shift+Tab' : 'Tab';
  if (await hasFocus(target)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    await expectFocusSeen(page, `${key} ×${i + 1}`);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${key} did not reach ${target} in ${max} stops`);
}

/** Whether `target` (or a field inside it, for antd's wrapped inputs) has focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

export async function expectFocusOn(target: Locator, what: string): Promise<void> {
  await expect.poll(() => hasFocus(target), { message: `focus should be on ${what}` }).toBe(true);
}
