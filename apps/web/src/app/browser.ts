/** Internet Explorer 9 or older (spec §5). IE 10 and 11, Edge and everything else pass. */
export function isOldIE(userAgent: string): boolean {
  const m = /MSIE (\d+)(?:\.\d+)?;/.exec(userAgent);
  if (!m) return false;
  return Number(m[1]) <= 9;
}
