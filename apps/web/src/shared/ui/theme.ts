import type { ThemeConfig } from 'antd';

/**
 * The portal's colours, chosen for WCAG 2.1 AA (docs/ARCHITECTURE.md, "What every screen passes"):
 * text 4.5:1 on the backgrounds it sits on, controls' boundaries and focus rings 3:1. They are the
 * darker shades of antd's own palette (blue 7, red 7, green 8…), so the look stays a Chinese
 * shop's: blue actions, red prices. theme.test.ts computes every pair below; global.css repeats the
 * colours as custom properties (--portal-*) for the stylesheets, and the test holds the two equal.
 */
export const PALETTE = {
  /** Links, primary buttons, active tabs and menu items (antd blue 7). */
  primary: '#0958d9',
  primaryHover: '#003eb3',
  primaryActive: '#002c8c',
  /** Prices and danger actions (antd red 7). */
  price: '#cf1322',
  danger: '#cf1322',
  dangerHover: '#a8071a',
  /** Success text and tags (antd green 8). */
  success: '#237804',
  /** Warning text and tags (antd orange 8). */
  warning: '#ad4e00',
  /** Secondary text: dates, hints, sales and stock, table sub-lines. */
  textSecondary: '#666666',
  /** Struck-out prices and placeholders. */
  textMuted: '#6e6e6e',
  /** Focus rings. */
  focus: '#0958d9',
  /** Page background of the shop and the back office. */
  pageBg: '#f0f2f5',
} as const;

/** antd's light backgrounds that coloured text sits on (tags, alerts, selected rows). */
export const TINTS = {
  blue: '#e6f4ff',
  red: '#fff1f0',
  green: '#f6ffed',
  orange: '#fff7e6',
  gold: '#fffbe6',
  volcano: '#fff2e8',
  lime: '#fcffe6',
  cyan: '#e6fffb',
  tableHeader: '#fafafa',
} as const;

/** Text colour / background / why: every pair the theme promises 4.5:1 for. */
export const TEXT_PAIRS: readonly (readonly [string, string, string])[] = [
  [PALETTE.primary, '#ffffff', 'links and blue text on white'],
  ['#ffffff', PALETTE.primary, 'primary button text'],
  [PALETTE.primary, TINTS.blue, 'blue tag, selected menu item'],
  [PALETTE.primary, PALETTE.pageBg, 'links on the page background'],
  [PALETTE.price, '#ffffff', 'prices, danger links'],
  ['#ffffff', PALETTE.danger, 'danger button text'],
  [PALETTE.danger, TINTS.red, 'red tag, error alert'],
  [PALETTE.success, '#ffffff', 'success text'],
  [PALETTE.success, TINTS.green, 'success and green tags'],
  [PALETTE.warning, '#ffffff', 'warning text'],
  [PALETTE.warning, TINTS.orange, 'orange tag'],
  [PALETTE.warning, TINTS.gold, 'warning tag and alert'],
  ['#874d00', TINTS.gold, 'gold tag'],
  ['#ad2102', TINTS.volcano, 'volcano tag'],
  ['#3f6600', TINTS.lime, 'lime tag'],
  ['#006d75', TINTS.cyan, 'cyan tag'],
  [PALETTE.textSecondary, '#ffffff', 'secondary text'],
  [PALETTE.textSecondary, TINTS.tableHeader, 'secondary text in a table header'],
  [PALETTE.textSecondary, PALETTE.pageBg, 'secondary text on the page background'],
  [PALETTE.textMuted, '#ffffff', 'struck-out prices, placeholders'],
  [PALETTE.textMuted, '#fff7f6', 'struck-out price on the goods page’s price panel'],
];

/** Focus ring / background: 3:1 (WCAG 1.4.11). */
export const FOCUS_PAIRS: readonly (readonly [string, string, string])[] = [
  [PALETTE.focus, '#ffffff', 'focus ring on white'],
  [PALETTE.focus, PALETTE.pageBg, 'focus ring on the page background'],
];

/** The text shade (7) of antd's preset colours, under both of antd's names for it. */
function presetText(colours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colours).flatMap(([k, v]) => [
      [`${k}7`, v],
      [`${k}-7`, v],
    ]),
  );
}

/**
 * The portal's typeface: the system's Chinese sans-serif named before any Latin-only face (Apple,
 * Windows, Linux), so Chinese text is laid out in one named font. antd's own stack names Latin faces
 * only, so every Chinese character went through the browser's font fallback, which is a large part
 * of laying out a page. global.css gives the body the same stack (theme.test.ts holds them equal).
 */
export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Helvetica Neue", Arial, sans-serif';

export const THEME: ThemeConfig = {
  token: {
    fontFamily: FONT_FAMILY,
    colorPrimary: PALETTE.primary,
    colorPrimaryHover: PALETTE.primaryHover,
    colorPrimaryActive: PALETTE.primaryActive,
    colorInfo: PALETTE.primary,
    colorLink: PALETTE.primary,
    colorLinkHover: PALETTE.primaryHover,
    colorLinkActive: PALETTE.primaryActive,
    colorError: PALETTE.danger,
    colorErrorHover: PALETTE.dangerHover,
    colorSuccess: PALETTE.success,
    colorWarning: PALETTE.warning,
    // antd derives a status colour's tint from the colour itself; from these darker shades it comes
    // out grey, so the tints are antd's usual ones (the TINTS text is measured on).
    colorSuccessBg: TINTS.green,
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: TINTS.gold,
    colorWarningBorder: '#ffe58f',
    colorErrorBg: TINTS.red,
    colorErrorBorder: '#ffccc7',
    colorInfoBg: TINTS.blue,
    colorInfoBorder: '#91caff',
    colorPrimaryBg: TINTS.blue,
    colorPrimaryBorder: '#91caff',
    colorTextTertiary: PALETTE.textSecondary,
    colorTextDescription: PALETTE.textSecondary,
    colorTextPlaceholder: PALETTE.textMuted,
    // Preset tag colours use shade 7 as text; these are the shades that reach 4.5:1 on shade 1. antd
    // keeps each shade under two names (green7 and green-7) that become one CSS variable: set both.
    ...presetText({
      green: PALETTE.success,
      orange: PALETTE.warning,
      gold: '#874d00',
      volcano: '#ad2102',
      lime: '#3f6600',
      cyan: '#006d75',
    }),
    // Input focus: a visible ring instead of antd's 10 % tint.
    controlOutline: 'rgba(9, 88, 217, 0.35)',
  },
};
