import dayjs from 'dayjs';

/** `YYYY-MM-DD HH:mm:ss` for a server timestamp; the raw text when it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}
