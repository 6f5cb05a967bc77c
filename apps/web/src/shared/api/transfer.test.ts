import { Blob as NodeBlob } from 'node:buffer';
import { brandCalls } from '@portal/contract/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, TransportError } from './client.ts';

/** What the fake XMLHttpRequest answers next: headers and body. */
let next: { type: string; body: string; disposition?: string; status?: number };
const sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];

class FakeXhr {
  responseType = '';
  withCredentials = false;
  status = 200;
  response: Blob | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request = { method: '', url: '', body: null as unknown, headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  getResponseHeader(name: string) {
    if (name === 'content-type') return next.type;
    if (name === 'content-disposition') return next.disposition ?? null;
    return null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.request.body = body;
    sent.push(this.request);
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = next.status ?? 200;
      // jsdom's Blob has no text(); a browser's has, as node's does.
      this.response = new NodeBlob([next.body], { type: next.type }) as unknown as Blob;
      this.onload?.();
    });
  }
}

const file = () =>
  new File(['PK'], '品牌.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('api.upload (XMLHttpRequest, for files)', () => {
  it('sends the file as multipart, reports the progress and answers the envelope’s d', async () => {
    next = { type: 'application/json', body: JSON.stringify({ c: 0, d: { total: 2, valid: 2 } }) };
    const progress: number[] = [];
    const out = await api.upload(
      brandCalls.import,
      { mode: 'preview', file: file() },
      { onProgress: (p) => progress.push(p) },
    );
    expect(out).toEqual({ total: 2, valid: 2 });
    expect(progress).toEqual([0.5, 1]);
    const request = sent[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/goods/brand/import');
    expect(request?.body).toBeInstanceOf(FormData);
    const body = request?.body as FormData;
    expect(body.get('mode')).toBe('preview');
    expect(body.get('file')).toBeInstanceOf(Blob);
  });

  it('throws the server’s refusal as an ApiError', async () => {
    next = { type: 'application/json; charset=utf-8', body: JSON.stringify({ c: 10001, m: '表格是空的' }) };
    const refusal = await api
      .upload(brandCalls.import, { mode: 'preview', file: file() }, { toast: false })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).m).toBe('表格是空的');
  });

  it('refuses a reply that is not the envelope', async () => {
    next = { type: 'application/octet-stream', body: 'x' };
    await expect(api.upload(brandCalls.import, { mode: 'preview', file: file() })).rejects.toBeInstanceOf(
      TransportError,
    );
  });
});
