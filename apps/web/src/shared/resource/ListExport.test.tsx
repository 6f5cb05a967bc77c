import type { Job } from '@portal/contract';
import { brandCalls, jobCalls, purchaseCalls } from '@portal/contract/calls';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '#web/shared/api/client.ts';
import { testJob, withClient } from '#web/shared/testing/jobs.tsx';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { until } from '#web/shared/testing/until.ts';
import { ExportButton, ExportJobs, exportsAsJob } from './ListExport.tsx';

beforeAll(() => {
  stubMatchMedia();
});
afterEach(() => vi.restoreAllMocks());

const job = (id: number, over: Partial<Job> = {}): Job =>
  testJob(id, { kind: 'export:/goods/brand/export', title: '导出品牌', ...over });

/** The server: `exportJob` answers `started`, `get` the jobs by id, `list` the unfinished ones. */
function server(jobs: Record<number, Job>, active: Job[] = [], started?: Job) {
  return vi.spyOn(api, 'call').mockImplementation((async (call: { path: string }, input: { id: number }) => {
    if (call.path === jobCalls.get.path) return jobs[input.id];
    if (call.path === jobCalls.list.path) return { list: active };
    if (started && call.path === brandCalls.exportJob.path) return started;
    throw new Error(`unexpected ${call.path}`);
  }) as never);
}

const exportControl = (host: HTMLElement) =>
  [...host.querySelectorAll<HTMLElement>('a, button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '导出Excel',
  ) as HTMLElement;

describe('the list’s 导出 Excel', () => {
  it('chooses a job only above 5,000 rows (a list not yet counted downloads at once)', () => {
    expect(exportsAsJob(undefined)).toBe(false);
    expect(exportsAsJob(0)).toBe(false);
    expect(exportsAsJob(5_000)).toBe(false);
    expect(exportsAsJob(5_001)).toBe(true);
  });

  it('downloads a list of 5,000 rows at once, under its filters, without starting a job', () => {
    const call = server({});
    const onStarted = vi.fn();
    const host = mount(
      withClient(
        <ExportButton
          routes={brandCalls}
          query={{ keyword: '青', status: 1 }}
          total={5_000}
          onStarted={onStarted}
        />,
      ),
    );
    const link = exportControl(host);
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/api/goods/brand/export?keyword=%E9%9D%92&status=1');
    expect(link.hasAttribute('download')).toBe(true);
    expect(call).not.toHaveBeenCalled();
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('starts the export job of a longer list under its filters and hands it to the page', async () => {
    const started = job(7);
    const call = server({ 7: started }, [], started);
    const onStarted = vi.fn();
    const host = mount(
      withClient(
        <ExportButton routes={brandCalls} query={{ keyword: '青' }} total={5_001} onStarted={onStarted} />,
      ),
    );
    const button = exportControl(host);
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('title')).toBe('共 5,001 条，超过 5,000 条：在后台导出，完成后下载');
    await act(async () => button.click());
    await until(() => onStarted.mock.calls.length > 0);
    expect(call).toHaveBeenCalledWith(brandCalls.exportJob, { keyword: '青' });
    expect(onStarted).toHaveBeenCalledWith(started);
  });
});

describe('ExportJobs', () => {
  it('shows the exports started here and those found unfinished after a reload, then the rows and the file', async () => {
    const call = server(
      {
        7: job(7, {
          state: 'done',
          progress: 100,
          message: '已写入 5,001 / 5,001 行',
          result: { rows: 5_001, total: 5_001 },
          files: [{ name: 'export', label: '品牌-20261128.xlsx' }],
        }),
        8: job(8, { state: 'running', progress: 40, message: '已写入 2,000 / 5,001 行' }),
      },
      [job(8, { state: 'running', progress: 40 })],
    );
    const host = mount(withClient(<ExportJobs routes={brandCalls} started={[7]} />));
    await until(() => host.textContent?.includes('已导出 5,001 行'));
    expect(call).toHaveBeenCalledWith(
      jobCalls.list,
      { kind: 'export:/goods/brand/export', active: 1 },
      expect.anything(),
    );
    const download = [...host.querySelectorAll('a')].find((a) => a.textContent === '下载导出的表格');
    expect(download?.getAttribute('href')).toBe('/api/job/file?id=7&name=export');
    await until(() => host.textContent?.includes('已写入 2,000 / 5,001 行'));
    expect(host.querySelectorAll('.job-banner').length).toBe(2);
  });

  it('says when the list held more rows than one export writes', async () => {
    server({
      9: job(9, {
        state: 'done',
        progress: 100,
        result: { rows: 50_000, total: 60_000 },
        files: [{ name: 'export', label: '品牌-20261128.xlsx' }],
      }),
    });
    const host = mount(withClient(<ExportJobs routes={brandCalls} started={[9]} />));
    await until(() => host.textContent?.includes('已导出 50,000 行'));
    const alert = host.querySelector('.ant-alert-warning');
    expect(alert?.textContent).toContain('列表共 60,000 行，一次最多导出 50,000 行，请用筛选条件分批导出');
  });

  it('finds a purchase export by the kind the server gives it', async () => {
    const call = server({});
    mount(withClient(<ExportJobs routes={purchaseCalls} started={[]} />));
    await until(() => call.mock.calls.length > 0);
    expect(call).toHaveBeenCalledWith(
      jobCalls.list,
      { kind: 'export:/purchase/export', active: 1 },
      expect.anything(),
    );
  });
});
