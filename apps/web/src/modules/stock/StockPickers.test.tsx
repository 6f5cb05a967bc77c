import { Form } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';

vi.mock('./useStock.ts', () => ({
  useSkuOptions: (goodsId: number | undefined) => ({
    data:
      goodsId === 7
        ? [
            { id: 1, label: '500g' },
            { id: 2, label: '1kg' },
          ]
        : [],
  }),
  useGoodsOptions: () => ({ data: [], isFetching: false }),
  useSupplierOptions: () => ({ data: [], isFetching: false }),
  useWarehouseOptions: () => ({ data: [], isFetching: false }),
}));

// The web tests share a worker's modules (isolate: false): a file that ran before may have loaded
// the real useStock.ts (landingCalls renders the stock screens), which the mock above would then
// miss. The picker is imported afresh after the module registry is cleared, so it takes the mock.
let SkuField: typeof import('./StockPickers.tsx').SkuField;
beforeAll(async () => {
  vi.resetModules();
  ({ SkuField } = await import('./StockPickers.tsx'));
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
stubMatchMedia();
let host: HTMLDivElement;
afterEach(() => host.remove());

function render(goodsId: number, disabled?: boolean) {
  host = document.createElement('div');
  document.body.append(host);
  act(() =>
    createRoot(host).render(
      <Form initialValues={{ sku_id: 2 }}>
        <SkuField goodsId={goodsId} name="sku_id" {...(disabled !== undefined && { disabled })} />
      </Form>,
    ),
  );
  return host;
}

describe('SkuField', () => {
  it('asks for a specification of a goods that has some, and can be shown read-only', () => {
    const open = render(7);
    expect(open.textContent).toContain('规格');
    expect(open.textContent).toContain('1kg');
    expect(open.querySelector('.ant-select-disabled')).toBeNull();
    host.remove();
    const fixed = render(7, true);
    expect(fixed.textContent).toContain('1kg');
    expect(fixed.querySelector('.ant-select-disabled')).not.toBeNull();
  });

  it('is not there for a goods sold as itself', () => {
    expect(render(8).textContent).toBe('');
  });
});
