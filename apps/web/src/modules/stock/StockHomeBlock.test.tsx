import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/shared/api/client.ts';
import { StockHomeBlock } from './StockHomeBlock.tsx';
import { stockKeys } from './useStock.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

const level = (quantity: number) => ({
  id: 1,
  goods_name: '明前龙井',
  spec_text: '',
  warehouse_name: '总仓',
  quantity,
  unit: '盒',
  warn_quantity: 10,
});
const page = (rows: ReturnType<typeof level>[]) => ({
  results: rows,
  paging: { count: rows.length, page: 1, page_size: 5, num_pages: 1 },
});

/** Lets the mocked answers arrive and the block render them. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

describe('StockHomeBlock', () => {
  it('reads the stock list’s own query (one key with the list), so a stock write refreshes it', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValueOnce(page([level(3)]) as never)
      .mockResolvedValueOnce(page([]) as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <StockHomeBlock />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(host.textContent).toContain('1 项库存低于预警值');
    // The key the 库存管理 list uses for the same filter and page.
    expect(client.getQueryData(stockKeys.levels({ low: 1, page: 1, page_size: 5 }))).toEqual(
      page([level(3)]),
    );
    // A stock write (useStockChanged) invalidates the stock keys: the block asks again.
    await act(async () => client.invalidateQueries({ queryKey: stockKeys.all }));
    await settle();
    expect(call).toHaveBeenCalledTimes(2);
    expect(host.textContent).toContain('没有低于预警值的库存');
  });
});
