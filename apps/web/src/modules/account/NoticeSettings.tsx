import { Skeleton, Space, Switch, Typography } from 'antd';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useNoticeSettings, useSaveNoticeSettings } from './useMemberAccount.ts';

/**
 * 订单通知 on 个人资料 (issue 35): the member is always told in 我的消息; a text message to their
 * mobile for 付款确认, 发货, 退款 and a cancel by the shop or the timer unless they turn it off.
 */
export function NoticeSettings() {
  const settings = useNoticeSettings();
  const save = useSaveNoticeSettings();
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  const s = settings.data;
  if (!s) return <QueryEmpty query={settings} description="暂无通知设置" />;
  return (
    <section aria-labelledby="notice-settings-title" className="member-notice-settings">
      <Typography.Title level={5} id="notice-settings-title">
        订单通知
      </Typography.Title>
      <Space align="center" wrap>
        <Switch
          checked={s.order_sms === 1}
          loading={save.isPending}
          aria-label="订单短信通知"
          onChange={(on) =>
            save.mutate(on ? 1 : 0, {
              onSuccess: () => toastSuccess(on ? '已开启订单短信通知' : '已关闭订单短信通知'),
            })
          }
        />
        <span>订单短信通知</span>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {s.mobile
          ? `付款确认、发货、退款和订单被取消时，发短信到 ${s.mobile}。站内的「我的消息」始终会通知您。`
          : '您的账号没有手机号，订单通知只在「我的消息」中显示。'}
      </Typography.Paragraph>
    </section>
  );
}
