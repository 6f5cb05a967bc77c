import type { Job } from '@portal/contract';
import { jobCalls } from '@portal/contract/calls';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '#web/shared/api/client.ts';
import { testJob, withClient } from '#web/shared/testing/jobs.tsx';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { until } from '#web/shared/testing/until.ts';
import { JobBanner, JobProgress, jobAnnouncement } from './JobProgress.tsx';
import { JOB_POLL_MS, jobKeys, useJob } from './useJob.ts';

beforeAll(stubMatchMedia);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const job = (over: Partial<Job> = {}): Job =>
  testJob(7, {
    state: 'running',
    progress: 40,
    message: '已检查 400 / 1,000 行',
    update_time: '2026-11-28T08:00:01.000Z',
    ...over,
  });

/**
 * With fake timers: `ms` pass, and the answers asked meanwhile are rendered (the query hands an
 * answer over in timeouts of its own, a few fake milliseconds more).
 */
async function tick(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(50));
}
const live = (host: HTMLElement) => host.querySelector('[aria-live="polite"]')?.textContent;
const button = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.replace(/\s/g, '') === name,
  ) as HTMLButtonElement;

describe('jobAnnouncement', () => {
  it('speaks a running job by quarters, not at every poll, and a failure with its reason', () => {
    expect(jobAnnouncement(job({ progress: 3 }))).toBe('导入品牌：进行中');
    expect(jobAnnouncement(job({ progress: 26 }))).toBe('导入品牌：进行中，已完成约 25%');
    expect(jobAnnouncement(job({ progress: 49 }))).toBe('导入品牌：进行中，已完成约 25%');
    expect(jobAnnouncement(job({ progress: 50 }))).toBe('导入品牌：进行中，已完成约 50%');
    expect(jobAnnouncement(job({ state: 'queued', progress: 0 }))).toBe('导入品牌：排队中');
    expect(jobAnnouncement(job({ state: 'done', progress: 100 }))).toBe('导入品牌：已完成');
    expect(jobAnnouncement(job({ state: 'failed', error: '有3行数据有误，没有导入任何一行' }))).toBe(
      '导入品牌：失败，有3行数据有误，没有导入任何一行',
    );
  });
});

describe('JobProgress', () => {
  it('shows a running job’s bar, its words and 取消, and no files yet', () => {
    const host = mount(
      withClient(<JobProgress job={job({ files: [{ name: 'refused', label: '错.xlsx' }] })} />),
    );
    expect(host.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    expect(host.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('导入品牌进度');
    expect(host.textContent).toContain('进行中：已检查 400 / 1,000 行');
    expect(live(host)).toBe('导入品牌：进行中，已完成约 25%');
    // antd spaces two characters in a button (取 消); its name is the label.
    expect(button('取消导入品牌').textContent?.replace(/\s/g, '')).toBe('取消');
    expect(host.querySelector('a[download]')).toBeNull();
  });

  it('shows a finished job’s files as downloads and its failure’s reason, without 取消', () => {
    const failed = job({
      state: 'failed',
      error: '有1行数据有误，没有导入任何一行',
      files: [{ name: 'refused', label: '品牌导入错误行.xlsx' }],
    });
    const host = mount(withClient(<JobProgress job={failed} fileText={{ refused: '下载错误行' }} />));
    expect(host.textContent).toContain('导入品牌失败');
    expect(host.textContent).toContain('有1行数据有误，没有导入任何一行');
    const link = host.querySelector('a[download]') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/job/file?id=7&name=refused');
    expect(link.textContent).toBe('下载错误行');
    expect(button('取消导入品牌')).toBeUndefined();
    host.rerender(withClient(<JobProgress job={{ ...failed, state: 'done', error: '' }} />));
    expect(host.querySelector('a[download]')?.textContent).toBe('下载品牌导入错误行.xlsx');
  });

  it('cancels only after the confirmation, then waits for the job to stop', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(job() as never);
    const host = mount(withClient(<JobProgress job={job()} />));
    act(() => button('取消导入品牌').click());
    await until(() => button('取消任务'));
    expect(document.body.textContent).toContain('确定取消「导入品牌」吗？');
    expect(call).not.toHaveBeenCalled();
    act(() => button('取消任务').click());
    await until(() => host.querySelector('button[aria-label="取消导入品牌"]')?.textContent === '正在取消…');
    expect(call).toHaveBeenCalledWith(jobCalls.cancel, { id: 7 });
    expect(host.querySelector('button[aria-label="取消导入品牌"]')?.textContent).toBe('正在取消…');
    expect(host.querySelector<HTMLButtonElement>('button[aria-label="取消导入品牌"]')?.disabled).toBe(true);
  });
});

/** What `useJob` holds, as words. */
function Follow({ id }: { id: number | null }) {
  const { data } = useJob(id);
  return <span>{data ? `${data.state} ${data.progress}` : 'none'}</span>;
}

describe('useJob', () => {
  it('asks again while the job is unfinished and stops once it is finished', async () => {
    vi.useFakeTimers();
    const answers = [job({ progress: 10 }), job({ progress: 60 }), job({ state: 'done', progress: 100 })];
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async () => answers.shift() ?? job({ state: 'done' }));
    const host = mount(withClient(<Follow id={7} />));
    await tick(0);
    expect(host.textContent).toBe('running 10');
    expect(call).toHaveBeenCalledWith(jobCalls.get, { id: 7 }, { toast: false });
    await tick(JOB_POLL_MS);
    expect(host.textContent).toBe('running 60');
    await tick(JOB_POLL_MS);
    expect(host.textContent).toBe('done 100');
    await tick(JOB_POLL_MS * 10);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('asks nothing without an id', async () => {
    const call = vi.spyOn(api, 'call');
    const host = mount(withClient(<Follow id={null} />));
    await act(async () => {});
    expect(host.textContent).toBe('none');
    expect(call).not.toHaveBeenCalled();
  });
});

describe('JobBanner', () => {
  it('follows a job to its end, says so once, shows the outcome and closes', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(jobKeys.one(7), job());
    const done = job({
      state: 'done',
      progress: 100,
      files: [{ name: 'refused', label: '品牌导入错误行.xlsx' }],
    });
    vi.spyOn(api, 'call').mockResolvedValue(done as never);
    const finished = vi.fn();
    const closed = vi.fn();
    const host = mount(
      withClient(
        <JobBanner
          id={7}
          onClose={closed}
          onFinished={finished}
          outcome={(j) => <p>结果 {j.state}</p>}
          fileText={{ refused: '下载错误行' }}
        />,
        client,
      ),
    );
    expect(host.querySelector('section')?.getAttribute('aria-label')).toBe('导入品牌');
    expect(host.textContent).not.toContain('结果');
    await tick(JOB_POLL_MS);
    expect(host.textContent).toContain('结果 done');
    expect(host.querySelector('a[download]')?.textContent).toBe('下载错误行');
    expect(finished).toHaveBeenCalledTimes(1);
    await tick(JOB_POLL_MS * 3);
    expect(finished).toHaveBeenCalledTimes(1);
    act(() => button('关闭「导入品牌」的提示').click());
    expect(closed).toHaveBeenCalled();
  });

  it('says why a job cannot be followed (gone, another user’s) and asks again on 重试', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValue(new ApiError(10404, '任务不存在'));
    const host = mount(withClient(<JobBanner id={9} onClose={() => {}} />));
    await until(() => host.textContent?.includes('任务不存在'));
    call.mockResolvedValue(job({ id: 9 }) as never);
    act(() => button('重试').click());
    await until(() => host.textContent?.includes('进行中'));
  });
});
