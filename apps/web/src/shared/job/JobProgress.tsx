import { CloseOutlined } from '@ant-design/icons';
import { JOB_STATES, type Job } from '@portal/contract';
import { Alert, App, Button, Progress, type ProgressProps, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { isApiError } from '#web/shared/api/client.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { isFinished, jobFileHref, useCancelJob, useJob } from './useJob.ts';
import './job.css';

/** How the bar is drawn in each state. */
const BAR: Record<Job['state'], ProgressProps['status']> = {
  queued: 'normal',
  running: 'active',
  done: 'success',
  failed: 'exception',
  cancelled: 'normal',
};

/** A running job is announced at these steps of its progress (a quarter), not at every poll. */
const SPOKEN_STEP = 25;

/**
 * What a screen reader hears of a job (the polite live region): its title and state, and while it
 * runs only each quarter of its progress — the bar moves every second, the words at most 4 times a
 * job — and a failure's reason.
 */
export function jobAnnouncement(job: Job): string {
  const head = `${job.title}：${JOB_STATES[job.state]}`;
  if (job.state === 'running') {
    const step = Math.floor(job.progress / SPOKEN_STEP) * SPOKEN_STEP;
    return step > 0 ? `${head}，已完成约 ${step}%` : head;
  }
  if (job.state === 'failed') return `${head}，${job.error}`;
  return head;
}

/**
 * A job as the user follows it, on any page: the bar with its state's words and where the work
 * is, a polite live region that speaks at a sensible rate (`jobAnnouncement`), 取消 with a
 * confirmation while it is unfinished, a failure's reason, and once it is finished the files it
 * made as downloads (`fileText` words a file's link by its name; 下载<label> otherwise). The page
 * polls the job (`useJob`) and gives it here.
 */
export function JobProgress({ job, fileText = {} }: { job: Job; fileText?: Record<string, string> }) {
  const { modal } = App.useApp();
  const cancel = useCancelJob();
  const finished = isFinished(job);
  // Cancelling a running job is asked of it; it stops at its next step (the answer is still running).
  const stopping = !finished && cancel.isSuccess && cancel.variables === job.id;
  const ask = () =>
    confirmDanger(modal, {
      title: `确定取消「${job.title}」吗？`,
      content: '任务会在当前这一步结束后停止，不保存任何结果。',
      okText: '取消任务',
      cancelText: '继续',
      onOk: () => cancel.mutateAsync(job.id).catch(() => {}),
    });
  return (
    <div className="job-progress">
      <Progress
        percent={job.state === 'done' ? 100 : job.progress}
        status={BAR[job.state]}
        aria-label={`${job.title}进度`}
      />
      <Typography.Text type="secondary" className="job-progress-words">
        {JOB_STATES[job.state]}
        {job.message && `：${job.message}`}
      </Typography.Text>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {jobAnnouncement(job)}
      </div>
      {job.state === 'failed' && (
        <Alert type="error" showIcon title={`${job.title}失败`} description={job.error} />
      )}
      {(!finished || job.files.length > 0) && (
        <Space wrap>
          {!finished && (
            <Button onClick={ask} disabled={stopping} aria-label={`取消${job.title}`}>
              {stopping ? '正在取消…' : '取消'}
            </Button>
          )}
          {finished &&
            job.files.map((f) => (
              <Button key={f.name} href={jobFileHref(job.id, f.name)} download>
                {fileText[f.name] ?? `下载${f.label}`}
              </Button>
            ))}
        </Space>
      )}
    </div>
  );
}

/**
 * A job shown above a page's list (a 导入 found again after a reload, or left running when its
 * dialog closed): followed until it finishes, then `outcome(job)` beside its files; `onFinished`
 * once when it finishes (the list reloads). The user closes it with ×, whatever its state (a
 * running job goes on).
 */
export function JobBanner({
  id,
  onClose,
  onFinished,
  outcome,
  fileText,
}: {
  id: number;
  onClose: () => void;
  onFinished?: (job: Job) => void;
  outcome?: (job: Job) => ReactNode;
  fileText?: Record<string, string>;
}) {
  const query = useJob(id);
  const job = query.data;
  const reported = useRef(false);
  const finished = job !== undefined && isFinished(job);
  useEffect(() => {
    if (!finished || reported.current || !job) return;
    reported.current = true;
    onFinished?.(job);
  }, [finished, job, onFinished]);
  const title = job?.title ?? '任务';
  return (
    <section className="job-banner" aria-label={title}>
      <div className="job-banner-head">
        <Typography.Text strong>{title}</Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={`关闭「${title}」的提示`}
          onClick={onClose}
        />
      </div>
      {job ? (
        <>
          <JobProgress job={job} {...(fileText && { fileText })} />
          {finished && outcome?.(job)}
        </>
      ) : query.isError ? (
        <Alert
          type="warning"
          showIcon
          title={isApiError(query.error) ? query.error.m : '读取任务进度失败，请检查网络后重试'}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Spin size="small" aria-label="正在读取任务进度" />
      )}
    </section>
  );
}
