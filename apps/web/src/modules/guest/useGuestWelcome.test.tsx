import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/shared/api/client.ts';
import { STORAGE_KEYS } from '#web/shared/storage.ts';
import { useGuestWelcome } from './useGuestWelcome.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Visit({ companyId, skip = false }: { companyId?: number; skip?: boolean }) {
  useGuestWelcome(companyId, skip);
  return null;
}

let host: HTMLDivElement;
let root: Root;
/** Mounts a page load of the root layout and lets the welcome's reply arrive. */
async function load(companyId?: number, skip = false) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<Visit companyId={companyId} skip={skip} />));
  act(() => root.unmount());
  host.remove();
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.guest) ?? 'null');

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('useGuestWelcome', () => {
  it('greets a company once per browser, under one visitor id', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ greeting: '欢迎', first: true } as never);
    await load(7);
    await load(7);
    expect(call).toHaveBeenCalledTimes(1);
    const inputOf = (n: number) => call.mock.calls[n]?.[1] as { company_id: number; visitor: string };
    const input = inputOf(0);
    expect(input.company_id).toBe(7);
    expect(input.visitor).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(stored()).toEqual({ id: input.visitor, welcomed: [7] });
    // Another company's site: greeted too, as the same visitor.
    await load(8);
    expect(call).toHaveBeenCalledTimes(2);
    expect(inputOf(1).visitor).toBe(input.visitor);
    expect(stored().welcomed).toEqual([7, 8]);
  });

  it('tries again on a later load after a refusal, and never for a signed-in user or an unknown company', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValueOnce(new Error('GUEST_TOO_FREQUENT'));
    await load(7);
    expect(stored().welcomed).toEqual([]);
    call.mockResolvedValue({ greeting: '欢迎', first: true } as never);
    await load(7);
    expect(call).toHaveBeenCalledTimes(2);
    expect(stored().welcomed).toEqual([7]);
    await load(9, true);
    await load(undefined);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('starts afresh from a record that is not one', async () => {
    localStorage.setItem(STORAGE_KEYS.guest, '{"id": 5}');
    const call = vi.spyOn(api, 'call').mockResolvedValue({ greeting: '欢迎', first: true } as never);
    await load(7);
    expect(call).toHaveBeenCalledTimes(1);
    expect(typeof stored().id).toBe('string');
  });
});
