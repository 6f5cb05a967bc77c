import { Form } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { SkuField } from './StockPickers.tsx';

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
