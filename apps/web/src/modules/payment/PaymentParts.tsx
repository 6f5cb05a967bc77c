import type { OrderDetail, TransferAccount } from '@portal/contract';
import { Codes, RECEIPT_MAX_FILES, RECEIPT_TYPES } from '@portal/contract/constants';
import type { QueryKey } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Image, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatYuan } from '#web/shared/format.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { MAX_MB, receiptProblem, TYPE_NAMES } from './paymentRules.ts';
import { receiptHref, usePayOnline, useReceipts } from './usePayment.ts';
import './payment.css';

/** Where to transfer to: bank, account name and number (copyable), and what to write as the note. */
export function TransferAccountView({
  account,
  amount,
  orderNo,
  title = '收款账户',
}: {
  account: TransferAccount;
  amount?: number;
  orderNo?: string;
  title?: string;
}) {
  return (
    <Descriptions
      className="transfer-account"
      column={1}
      size="small"
      bordered
      title={title}
      styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
      items={[
        {
          key: 'bank',
          label: '开户银行',
          children: `${account.bank_name}${account.branch_name ? ` ${account.branch_name}` : ''}`,
        },
        {
          key: 'name',
          label: '户名',
          children: <Typography.Text copyable>{account.account_name}</Typography.Text>,
        },
        {
          key: 'no',
          label: '账号',
          children: (
            <Typography.Text
              copyable={{ text: account.account_no.replace(/[\s-]/g, '') }}
              className="transfer-account-no"
            >
              {account.account_no}
            </Typography.Text>
          ),
        },
        ...(amount === undefined ? [] : [{ key: 'amount', label: '转账金额', children: formatYuan(amount) }]),
        ...(orderNo
          ? [
              {
                key: 'note',
                label: '附言',
                children: <Typography.Text copyable>{orderNo}</Typography.Text>,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * An order's transfer receipts: pictures (click to enlarge) and PDFs (download). The member who
 * placed a transfer order that awaits payment may add (up to RECEIPT_MAX_FILES) and delete them.
 */
export function ReceiptGallery({
  order,
  viewer,
  queryKey,
}: {
  order: Pick<OrderDetail, 'id' | 'status' | 'receipts' | 'payment_method'>;
  viewer: 'member' | 'staff';
  /** The member's order queries, refreshed after a change. */
  queryKey?: QueryKey;
}) {
  const { modal } = App.useApp();
  const { upload, remove } = useReceipts(queryKey ?? ['order']);
  const [problem, setProblem] = useState<string | null>(null);
  const editable = viewer === 'member' && order.status === 1 && order.payment_method === 'bank_transfer';
  const full = order.receipts.length >= RECEIPT_MAX_FILES;

  const send = (file: File) => {
    const local = receiptProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    upload.mutate(
      { id: order.id, file },
      {
        onSuccess: () => toastSuccess('转账凭证已上传，店员核对到账后确认收款'),
        onError: (e) =>
          setProblem(
            isApiError(e)
              ? e.c === Codes.PAYLOAD_TOO_LARGE.c
                ? `文件不能超过 ${MAX_MB} MB`
                : e.m
              : '网络异常，上传失败，请稍后重试',
          ),
      },
    );
  };

  return (
    <section className="receipts" aria-label="转账凭证">
      <Typography.Text strong>转账凭证</Typography.Text>
      {order.receipts.length === 0 ? (
        <div>
          <Typography.Text type="secondary">
            {viewer === 'staff'
              ? '会员尚未上传转账凭证'
              : '转账后请上传转账凭证（银行回单或转账截图），便于店员核对到账'}
          </Typography.Text>
        </div>
      ) : (
        <ul className="receipt-list">
          {order.receipts.map((r) => {
            const href = receiptHref(viewer, order.id, r.id);
            return (
              <li key={r.id}>
                {r.mimetype.startsWith('image/') ? (
                  <Image
                    src={href}
                    alt={`转账凭证 ${r.filename}`}
                    width={96}
                    height={96}
                    style={{ objectFit: 'contain' }}
                  />
                ) : (
                  <a href={href} download={r.filename} className="receipt-file">
                    PDF：{r.filename}
                  </a>
                )}
                <Typography.Text type="secondary" className="receipt-name" ellipsis={{ tooltip: r.filename }}>
                  {r.filename}
                </Typography.Text>
                {editable && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    aria-label={`删除转账凭证 ${r.filename}`}
                    onClick={() =>
                      confirmDanger(modal, {
                        title: `删除转账凭证 ${r.filename} 吗？`,
                        content: '删除后可以重新上传。',
                        okText: '删除',
                        cancelText: '取消',
                        onOk: () =>
                          remove
                            .mutateAsync({ id: order.id, receipt_id: r.id })
                            .then(() => toastSuccess('已删除'))
                            .catch(() => {}),
                      })
                    }
                  >
                    删除
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Upload
            accept={RECEIPT_TYPES.join(',')}
            showUploadList={false}
            disabled={full || upload.isPending}
            beforeUpload={(file) => {
              send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button loading={upload.isPending} disabled={full}>
              上传转账凭证
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            {full
              ? `已上传 ${RECEIPT_MAX_FILES} 个，如需更换请先删除`
              : `支持${TYPE_NAMES}，单个不超过 ${MAX_MB} MB，最多 ${RECEIPT_MAX_FILES} 个`}
          </Typography.Text>
          {problem && <Alert type="error" showIcon role="alert" title={problem} />}
        </Space>
      )}
    </section>
  );
}

/** 去支付: to the online provider's pay page. */
export function PayOnlineButton({ orderId, size }: { orderId: number; size?: 'large' }) {
  const pay = usePayOnline();
  return (
    <Button
      type="primary"
      danger
      size={size}
      loading={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate(orderId)}
    >
      去支付
    </Button>
  );
}
