import { guestCalls } from '@portal/contract/calls';
import { useEffect } from 'react';
import { api } from '#web/shared/api/client.ts';
import { STORAGE_PREFIX } from '#web/shared/storage.ts';

/** This browser's visitor id and the companies it has greeted (local storage). */
const KEY = `${STORAGE_PREFIX}guest`;

interface GuestRecord {
  id: string;
  welcomed: number[];
}

function read(): GuestRecord | null {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Partial<GuestRecord>) : null;
    return v && typeof v.id === 'string' && Array.isArray(v.welcomed) ? (v as GuestRecord) : null;
  } catch {
    return null;
  }
}

function write(v: GuestRecord) {
  try {
    localStorage.setItem(KEY, JSON.stringify(v));
  } catch {
    // Storage disabled (private mode): the visitor is greeted again next time, and recorded once anyway.
  }
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * On a visitor's first visit to a company's public pages (not logged in), `/guest/welcome` once:
 * the server records the visitor (shown to staff as 新访客) and answers a greeting. Failures (the
 * per-IP limit, no network) are silent: the visit is tried again on the next page load.
 */
export function useGuestWelcome(companyId: number | undefined, skip: boolean) {
  useEffect(() => {
    if (skip || companyId === undefined) return;
    const record = read() ?? { id: newId(), welcomed: [] };
    if (record.welcomed.includes(companyId)) return;
    write(record);
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
        write({ ...now, welcomed: [...new Set([...now.welcomed, companyId])] });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [companyId, skip]);
}
