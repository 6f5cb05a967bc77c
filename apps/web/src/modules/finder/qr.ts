/** A site path as the absolute address a phone opens after scanning. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).href;
}

/** The member's referral link: `/register` with the params the register page reads. */
export function referralPath(mobile: string, companyId: number): string {
  const q = new URLSearchParams({ HigherMobile: mobile, company_id: String(companyId) });
  return `/register?${q.toString()}`;
}

/** A file name for a downloaded QR code: the label without characters file systems refuse. */
export function qrFileName(label: string): string {
  const safe = label.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || '二维码'}-二维码.png`;
}

/** Saves a canvas as a PNG file through a temporary link. */
export function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): void {
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Release notes are stored one item per line. */
export function noteLines(notes: string): string[] {
  return notes
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * Where a release is downloaded, or null when the company put no package up (`download_url` empty;
 * issue 35): the page then offers no download and no QR code, and says so.
 */
export function releaseDownload(v: { download_url: string }): string | null {
  const url = v.download_url.trim();
  return url === '' ? null : url;
}
