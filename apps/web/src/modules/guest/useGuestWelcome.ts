import { guestCalls } from '@portal/contract/calls';
import { useEffect } from 'react';
import { api } from '#web/shared/api/client.ts';
import { type GuestRecord, randomKey, storage } from '#web/shared/storage.ts';

/** The stored record, or none when it is missing or not one (storage edited by hand). */
function read(): GuestRecord | null {
  const v = storage.get('guest');
  return v && typeof v.id === 'string' && Array.isArray(v.welcomed) ? v : null;
}

/**
 * On a visitor's first visit to a company's public pages (not logged in), `/guest/welcome` once:
 * the server records the visitor (shown to staff as 新访客) and answers a greeting. Failures (the
 * per-IP limit, no network) are silent: the visit is tried again on the next page load. Storage
 * disabled (private mode): the visitor is greeted again next time, and recorded once anyway.
 */
export function useGuestWelcome(companyId: number | undefined, skip: boolean) {
  useEffect(() => {
    if (skip || companyId === undefined) return;
    const record = read() ?? { id: randomKey(), welcomed: [] };
    if (record.welcomed.includes(companyId)) return;
    storage.set('guest', record);
    let cancelled = false;
    api
      .call(
        guestCalls.welcome,
        {
          company_id: companyId,
          visitor: record.id,
          path: window.location.pathname.slice(0, 200),
          referrer: document.referrer.slice(0, 300),
        },
        { toast: false },
      )
      .then(() => {
        if (cancelled) return;
        const now = read() ?? record;
        storage.set('guest', { ...now, welcomed: [...new Set([...now.welcomed, companyId])] });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [companyId, skip]);
}
