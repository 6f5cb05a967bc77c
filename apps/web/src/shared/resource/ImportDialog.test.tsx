import type { ImportResult, Job } from '@portal/contract';
import { brandCalls, jobCalls } from '@portal/contract/calls';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '#web/shared/api/client.ts';
import { testJob, withClient } from '#web/shared/testing/jobs.tsx';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { until } from '#web/shared/testing/until.ts';
import { fileProblem, ImportDialog } from './ImportDialog.tsx';
import { ImportJobs, importOutcome } from './ImportJobs.tsx';

beforeAll(() => {
  stubMatchMedia();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => vi.restoreAllMocks());

const KIND = 'import:/goods/brand/import';
const job = (id: number, over: Partial<Job> = {}): Job => testJob(id, { kind: KIND, ...over });
const refused = [{ name: 'refused', label: '品牌导入错误行.xlsx' }];
const checked: ImportResult = {
  total: 3,
  valid: 2,
  invalid: 1,
  created: 0,
  columns: [{ key: 'name', label: '品牌名称', required: true }],
  rows: [
    { row: 2, values: { name: '甲' }, errors: {} },
    { row: 3, values: { name: '' }, errors: { 品牌名称: '品牌名称不能为空' } },
    { row: 4, values: { name: '丙' }, errors: {} },
  ],
};

/** The server: the jobs `get` answers by id, and the unfinished ones `list` answers. */
function server(jobs: Record<number, Job>, active: Job[] = []) {
  return vi.spyOn(api, 'call').mockImplementation((async (call: { path: string }, input: { id: number }) => {
    if (call.path === jobCalls.get.path) return jobs[input.id];
    if (call.path === jobCalls.list.path) return { list: active };
    throw new Error(`unexpected ${call.path}`);
  }) as never);
}

const headingIs = (words: string) => () => dialog().querySelector('h3')?.textContent === words;
const dialog = () => document.querySelector('.resource-import') as HTMLElement;
const buttonNamed = (name: string | RegExp, within: ParentNode = document) =>
  [...within.querySelectorAll<HTMLElement>('button, a')].find((b) => {
    const text = b.getAttribute('aria-label') ?? b.textContent?.replace(/\s/g, '') ?? '';
    return typeof name === 'string' ? text === name : name.test(text);
  }) as HTMLElement;

function openDialog(props: { onClose?: (running?: Job) => void; onImported?: () => void } = {}) {
  mount(
    withClient(
      <ImportDialog
        label="品牌"
        routes={brandCalls}
        open
        onClose={props.onClose ?? (() => {})}
        onImported={props.onImported ?? (() => {})}
      />,
    ),
  );
}

/** Chooses a file, sends it for a check and waits until `done` holds. */
async function chooseAndCheck(done: () => unknown, name = '品牌.xlsx') {
  const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['x'], name);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await act(async () => buttonNamed('上传并预览', dialog()).click());
  await until(done);
  return file;
}

describe('ImportDialog', () => {
  it('checks the file as a job, previews its result, imports the valid rows as a second job and offers the refused rows', async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockResolvedValueOnce(job(1) as never)
      .mockResolvedValueOnce(job(2, { state: 'running', progress: 10 }) as never);
    server({
      1: job(1, { state: 'done', progress: 100, result: checked, files: refused }),
      2: job(2, {
        state: 'done',
        progress: 100,
        result: { ...checked, created: 2, rows: [] },
        files: refused,
      }),
    });
    const onImported = vi.fn();
    openDialog({ onImported });
    const file = await chooseAndCheck(headingIs('预览：共 3 行，可导入 2 行，有误 1 行'));
    expect(upload).toHaveBeenNthCalledWith(
      1,
      brandCalls.import,
      { mode: 'preview', file },
      expect.anything(),
    );

    const heading = dialog().querySelector('h3') as HTMLElement;
    expect(heading.textContent).toBe('预览：共 3 行，可导入 2 行，有误 1 行');
    expect(document.activeElement).toBe(heading);
    // Refused rows first, with their reasons.
    expect(dialog().querySelector('tbody')?.textContent).toContain('品牌名称不能为空');
    expect(dialog().querySelector('tbody')?.textContent).not.toContain('甲');
    expect(buttonNamed('下载错误行', dialog()).getAttribute('href')).toBe('/api/job/file?id=1&name=refused');
    expect((buttonNamed('导入全部', dialog()) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => buttonNamed('仅导入有效行（2）', dialog()).click());
    await until(headingIs('导入完成'));
    expect(upload).toHaveBeenNthCalledWith(2, brandCalls.import, { mode: 'valid', file }, expect.anything());
    expect(dialog().querySelector('h3')?.textContent).toBe('导入完成');
    expect(document.activeElement).toBe(dialog().querySelector('h3'));
    expect(dialog().textContent).toContain('已导入 2 个品牌');
    expect(dialog().textContent).toContain('有误的 1 行没有导入');
    expect(buttonNamed('下载错误行', dialog()).getAttribute('href')).toBe('/api/job/file?id=2&name=refused');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows an import refused as a whole with its reason and the refused rows, and writes nothing', async () => {
    const allOk: ImportResult = { ...checked, valid: 3, invalid: 0, rows: [] };
    vi.spyOn(api, 'upload')
      .mockResolvedValueOnce(job(1) as never)
      .mockResolvedValueOnce(job(2) as never);
    const reason = '有1行数据有误，没有导入任何一行：请下载错误行修正后重新导入';
    server({
      1: job(1, { state: 'done', result: allOk }),
      2: job(2, { state: 'failed', error: reason, files: refused }),
    });
    const onImported = vi.fn();
    openDialog({ onImported });
    await chooseAndCheck(headingIs('预览：共 3 行，可导入 3 行，有误 0 行'));
    await act(async () => buttonNamed('导入全部', dialog()).click());
    await until(headingIs('导入失败'));
    expect(dialog().querySelector('h3')?.textContent).toBe('导入失败');
    expect(dialog().textContent).toContain('没有导入任何一行');
    expect(dialog().textContent).toContain(reason);
    expect(buttonNamed('下载错误行', dialog()).getAttribute('href')).toBe('/api/job/file?id=2&name=refused');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('puts a check the server refused back at the choice, with its reason and the focus on 上传并预览', async () => {
    vi.spyOn(api, 'upload').mockResolvedValueOnce(job(1) as never);
    const reason = '表头须在第 1 行：第 1 行「商品导入」像是标题行，请删除表头上方的行后重新导入';
    server({ 1: job(1, { state: 'failed', error: reason }) });
    openDialog();
    await chooseAndCheck(() => dialog().querySelector('[role="alert"]'));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toContain(reason);
    expect(document.activeElement).toBe(buttonNamed('上传并预览', dialog()));
  });

  it('follows a running check and hands it to the page when closed', async () => {
    vi.spyOn(api, 'upload').mockResolvedValueOnce(job(1) as never);
    const running = job(1, { state: 'running', progress: 30, message: '已检查 300 / 1,000 行' });
    server({ 1: running });
    const onClose = vi.fn();
    openDialog({ onClose });
    // The upload answers the queued job; the running one comes with the next poll.
    await chooseAndCheck(
      () =>
        headingIs('正在校验：品牌.xlsx')() && dialog().textContent?.includes('进行中：已检查 300 / 1,000 行'),
    );
    const heading = dialog().querySelector('h3') as HTMLElement;
    expect(heading.textContent).toBe('正在校验：品牌.xlsx');
    expect(document.activeElement).toBe(heading);
    expect(dialog().textContent).toContain('进行中：已检查 300 / 1,000 行');
    expect(buttonNamed('取消导入品牌', dialog())).toBeTruthy();
    await act(async () =>
      buttonNamed('关闭', dialog().querySelector('.ant-modal-footer') ?? dialog()).click(),
    );
    expect(onClose).toHaveBeenCalledWith(running);
  });

  it('refuses a file of another type in the browser and lets an .xls reach the server’s refusal', async () => {
    const xls = '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新上传';
    const upload = vi.spyOn(api, 'upload').mockRejectedValueOnce(new ApiError(10001, xls));
    openDialog();
    const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.xlsx', '.csv', '.xls']));
    await chooseAndCheck(() => dialog().querySelector('[role="alert"]'), '品牌.txt');
    expect(upload).not.toHaveBeenCalled();
    expect(dialog().querySelector('[role="alert"]')?.textContent).toContain('只支持 Excel 工作簿（.xlsx）');
    await chooseAndCheck(() => dialog().querySelector('[role="alert"]')?.textContent === xls, '品牌.xls');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(xls);
  });
});

describe('ImportJobs', () => {
  it('shows an import found unfinished above the list until it ends, then what it came to, and reloads the list', async () => {
    const running = job(5, { state: 'running', progress: 40 });
    const done = job(5, {
      state: 'done',
      progress: 100,
      result: { ...checked, created: 2, rows: [] },
      files: refused,
    });
    const call = server({ 5: done }, [running]);
    const onImported = vi.fn();
    const host = mount(
      withClient(<ImportJobs kind={KIND} label="品牌" handed={[]} onImported={onImported} />),
    );
    await until(() => host.textContent?.includes('已导入 2 个品牌'));
    expect(call).toHaveBeenCalledWith(jobCalls.list, { kind: KIND, active: 1 }, { toast: false });
    expect(host.querySelector('section')?.getAttribute('aria-label')).toBe('导入品牌');
    expect(host.textContent).toContain('已导入 2 个品牌');
    expect(buttonNamed('下载错误行', host).getAttribute('href')).toBe('/api/job/file?id=5&name=refused');
    expect(onImported).toHaveBeenCalledTimes(1);
    await act(async () => buttonNamed('关闭「导入品牌」的提示', host).click());
    expect(host.querySelector('section')).toBeNull();
  });

  it('shows nothing when no import is unfinished', async () => {
    const call = server({}, []);
    const host = mount(withClient(<ImportJobs kind={KIND} label="品牌" handed={[]} onImported={() => {}} />));
    await until(() => call.mock.calls.length > 0);
    await act(async () => {});
    expect(host.textContent).toBe('');
  });
});

describe('importOutcome', () => {
  it('names the rows written, or the counts of a check that wrote none', () => {
    expect(importOutcome({ ...checked, created: 2 }, '品牌', '个').title).toBe('已导入 2 个品牌');
    expect(importOutcome({ ...checked, invalid: 0, created: 3 }, '新闻', '篇').detail).toBe(
      '表格中的 3 行全部导入。',
    );
    expect(importOutcome(checked, '品牌', '个')).toEqual({
      title: '校验完成：共 3 行，可导入 2 行，有误 1 行',
      detail: '没有导入任何一行：请点击「导入」，重新选择文件后导入。',
    });
  });
});

describe('the import dialog’s check of a chosen file', () => {
  it('takes an .xlsx or .csv up to the limit, refuses other names, empty and oversized files', () => {
    expect(fileProblem({ name: '品牌.xlsx', size: 10 })).toBeNull();
    expect(fileProblem({ name: '品牌.XLSX', size: 10 })).toBeNull();
    expect(fileProblem({ name: '品牌.csv', size: 10 })).toBeNull();
    // An .xls goes to the server, whose refusal says how to save it as .xlsx.
    expect(fileProblem({ name: '品牌.xls', size: 10 })).toBeNull();
    expect(fileProblem({ name: '品牌.txt', size: 10 })).toBe(
      '只支持 Excel 工作簿（.xlsx）或 CSV 文件，请使用下载的模板',
    );
    expect(fileProblem({ name: '品牌.xlsx.txt', size: 10 })).toContain('.xlsx');
    expect(fileProblem({ name: '品牌.xlsx', size: 0 })).toBe('文件是空的');
    expect(fileProblem({ name: '品牌.xlsx', size: 21 * 1024 * 1024 })).toBe('文件不能超过20 MB');
  });
});
