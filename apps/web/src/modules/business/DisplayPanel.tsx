import {
  DISPLAY_SOURCE,
  DISPLAY_SOURCE_WORDS,
  DISPLAY_STEP,
  DISPLAY_STEP_WORDS,
  type DisplayItem,
} from '@portal/contract';
import { businessDisplayCalls } from '@portal/contract/calls';
import { App, Button, Empty, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { UploadButton, UploadStatus } from '#web/shared/ui/UploadButton.tsx';
import { useUpload } from '#web/shared/ui/useFileUpload.ts';
import {
  displayFileUrl,
  useDisplay,
  useDisplayAdd,
  useDisplayCandidates,
  useDisplayRead,
  useDisplayReads,
  useDisplayRemove,
  useDisplayStep,
} from './useBusinessDisplay.ts';
import { runKeys, useNodeFunction } from './useBusinessRun.ts';

/**
 * A display node (展示, node screen 3; issue 37). Step 1: a seat offered 刷新文档 gathers what is
 * to be shown — an earlier node's document or a flow material picked from a list, or a file
 * uploaded —; the host (a seat that can end the node) starts the showing. Step 2: everyone opens
 * each item (a document unfolds here, a file is downloaded) and is counted as having read it;
 * each item says who has not yet. Every member's page hears every change at once.
 */
export function DisplayPanel({
  businessId,
  node,
}: {
  businessId: number;
  node: { node_id: number; name: string };
}) {
  const display = useDisplay(businessId, node.node_id);
  const functions = useNodeFunction(businessId, node.node_id);
  const mine = functions.data?.user_role_allocs[0];
  const gathers = mine !== undefined && (functions.data?.offers.includes('docs') ?? false);
  const hosts = mine?.can_terminate === 1;
  const step = display.data?.step ?? DISPLAY_STEP.gather;
  const showing = step === DISPLAY_STEP.show;
  const reads = useDisplayReads(businessId, node.node_id, showing);
  const candidates = useDisplayCandidates(businessId, node.node_id, gathers && !showing);
  const [picked, setPicked] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const add = useDisplayAdd();
  const remove = useDisplayRemove();
  const setStep = useDisplayStep();
  const read = useDisplayRead();
  const reread = useInvalidate(runKeys.all);
  const { modal } = App.useApp();
  const at = mine
    ? { business_id: businessId, node_id: node.node_id, role_alloc_id: mine.role_alloc_id }
    : null;
  // Sent only from a seat of the node (the button stands only there).
  const sending = useUpload('any', (file, onProgress) =>
    api.upload(
      businessDisplayCalls.upload,
      { ...(at as NonNullable<typeof at>), file },
      { toast: false, onProgress },
    ),
  );

  if (display.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!display.data) return <QueryEmpty query={display} description="展示材料暂时无法显示" />;
  const items = display.data.items;
  const readsOf = new Map((reads.data ?? []).map((r) => [r.item_id, r]));
  const choices = (candidates.data ?? []).filter((c) => !c.added);

  async function upload(file: File) {
    if (!at) return;
    const item = await sending.upload(file);
    if (!item) return;
    toastSuccess(`已加入展示《${item.name}》`);
    await reread();
  }

  const addPicked = () => {
    if (!at || !picked) return;
    const [from, id] = picked.split(':');
    add.mutate(
      { ...at, doc_from: from === 'doc' ? 'business_doc' : 'project_doc', doc_id: Number(id) },
      {
        onSuccess: () => {
          toastSuccess('已加入展示');
          setPicked(null);
        },
      },
    );
  };

  /** Opens an item (a document unfolds, a file is downloaded); while showing, it counts as read. */
  const openItem = (item: DisplayItem) => {
    if (item.doc_id !== null) setOpen((was) => new Set(was).add(item.id));
    if (showing && at && !item.read) read.mutate({ ...at, item_id: item.id });
  };

  const drop = (item: DisplayItem) =>
    at &&
    confirmDanger(modal, {
      title: `从展示中移除《${item.name}》吗？`,
      content: '移除后可以再次加入。',
      okText: '移除',
      onOk: () =>
        remove
          .mutateAsync({ ...at, item_id: item.id })
          .then(() => toastSuccess('已移除'))
          .catch(() => {}),
    });

  const changeStep = (to: number) =>
    at &&
    setStep.mutate(
      { ...at, step: to },
      { onSuccess: () => toastSuccess(to === DISPLAY_STEP.show ? '已开始展示' : '已回到准备展示材料') },
    );

  return (
    <section className="run-docs" aria-labelledby={`run-display-${node.node_id}`}>
      <div className="run-docs-head">
        <Typography.Title level={5} id={`run-display-${node.node_id}`} style={{ margin: 0 }}>
          “{node.name}”的展示
          <Tag color={showing ? 'green' : 'blue'} style={{ marginLeft: 8 }}>
            第{step}步：{DISPLAY_STEP_WORDS[step]}
          </Tag>
        </Typography.Title>
        {hosts && at && (
          <Button
            type={showing ? 'default' : 'primary'}
            disabled={!showing && items.length === 0}
            loading={setStep.isPending}
            onClick={() => changeStep(showing ? DISPLAY_STEP.gather : DISPLAY_STEP.show)}
          >
            {showing ? '回到准备' : '开始展示'}
          </Button>
        )}
      </div>
      {!showing && gathers && (
        <Space wrap className="run-display-tools">
          <Select
            aria-label="之前环节的文书与流程素材"
            placeholder={candidates.isPending ? '正在读取…' : '选择之前环节的文书或流程素材'}
            value={picked}
            onChange={setPicked}
            loading={candidates.isPending}
            notFoundContent="没有可以加入的文书或素材"
            options={choices.map((c) => ({
              value: `${c.source === DISPLAY_SOURCE.doc ? 'doc' : 'material'}:${c.id}`,
              label: `${c.name}（${c.origin || DISPLAY_SOURCE_WORDS[c.source]}）`,
            }))}
            style={{ minWidth: 260, maxWidth: '100%' }}
          />
          <Button onClick={addPicked} disabled={!picked} loading={add.isPending}>
            加入展示
          </Button>
          <UploadButton
            label="上传文件"
            pickLabel="选择要展示的文件"
            progress={sending.progress}
            onPick={(file) => void upload(file)}
          />
        </Space>
      )}
      <UploadStatus progress={sending.progress} error={sending.error} />
      {!showing && !gathers && items.length > 0 && (
        <Typography.Paragraph type="secondary">
          主持人开始展示后，每个人打开每项材料阅读。
        </Typography.Paragraph>
      )}
      {items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            gathers ? '还没有展示材料：从之前环节的文书、流程素材中选择，或上传文件' : '还没有展示材料'
          }
        />
      ) : (
        items.map((item) => {
          const r = readsOf.get(item.id);
          const unfolded = open.has(item.id);
          return (
            <article key={item.id} className="run-doc" aria-label={`展示材料《${item.name}》`}>
              <header className="run-doc-head">
                <Typography.Text strong>{item.name}</Typography.Text>
                <Tag>{DISPLAY_SOURCE_WORDS[item.source]}</Tag>
                <Typography.Text type="secondary">
                  {item.origin && item.origin !== item.name ? `${item.origin} · ` : ''}
                  {item.role_name}
                  {item.user_name ? `·${item.user_name}` : ''}
                </Typography.Text>
                {showing && mine && (
                  <Tag color={item.read ? 'green' : 'orange'}>{item.read ? '我已阅' : '我未阅'}</Tag>
                )}
              </header>
              {showing && r && (
                <Typography.Paragraph type="secondary" className="run-step">
                  已阅 {r.read_names.length}/{r.read_names.length + r.unread_names.length}
                  {r.unread_names.length > 0 ? `；未阅：${r.unread_names.join('、')}` : '；全部已阅'}
                </Typography.Paragraph>
              )}
              {unfolded && item.doc_id !== null && (
                <>
                  {item.signs.length > 0 && (
                    <ul className="run-doc-signs" aria-label="签字">
                      {item.signs.map((g) => (
                        <li key={g}>
                          <Tag>{g}</Tag>
                        </li>
                      ))}
                    </ul>
                  )}
                  {item.content ? (
                    <RichText html={item.content} className="run-doc-body" />
                  ) : (
                    <Typography.Paragraph type="secondary">（空白文书）</Typography.Paragraph>
                  )}
                </>
              )}
              <Space wrap>
                {item.doc_id !== null ? (
                  unfolded ? (
                    <Button
                      size="small"
                      onClick={() =>
                        setOpen((was) => {
                          const next = new Set(was);
                          next.delete(item.id);
                          return next;
                        })
                      }
                    >
                      收起
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => openItem(item)}>
                      阅读
                    </Button>
                  )
                ) : (
                  <Button
                    size="small"
                    href={displayFileUrl(businessId, item.id)}
                    download={item.name}
                    onClick={() => openItem(item)}
                  >
                    打开文件
                  </Button>
                )}
                {!showing && gathers && at && item.role_alloc_id === at.role_alloc_id && (
                  <Button size="small" danger onClick={() => drop(item)}>
                    移除
                  </Button>
                )}
              </Space>
            </article>
          );
        })
      )}
    </section>
  );
}
