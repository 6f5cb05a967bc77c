import {
  COME,
  COME_WORDS,
  DOC_REQUEST,
  DOC_REQUEST_WORDS,
  REPORT,
  REPORT_WORDS,
  type SeatStatus,
  SITTING,
  SPEAK_REQUEST,
  STANDING,
  VOTE,
  VOTE_WORDS,
} from '@portal/contract';
import { Space, Tag, Typography } from 'antd';

const VOTE_COLORS: Record<number, string | undefined> = { 1: 'success', 2: 'error' };

/**
 * A seat in a node as every list of seats shows it (the member's seats panel, the watch page): its
 * role and member (a watcher gets no names), position, brought in or not (a role that is brought),
 * seated and standing, and — when they apply —
 * speeches left, a request to speak, to show or to submit a document, its place at the podium, its vote.
 */
export function SeatSummary({
  seat: t,
  controlled,
  ended,
}: {
  seat: SeatStatus;
  controlled: boolean;
  ended: boolean;
}) {
  return (
    <Space wrap size={[8, 4]}>
      <span className="run-who">
        {t.role_name}
        {t.user_name ? `·${t.user_name}` : ''}
      </span>
      {t.position && <Typography.Text type="secondary">{t.position}</Typography.Text>}
      {t.can_brought === 1 && (
        <Tag color={t.come_status === COME.in ? 'success' : 'default'}>{COME_WORDS[t.come_status]}</Tag>
      )}
      <Tag color={t.sitting_status === SITTING.in ? 'success' : undefined}>
        {t.sitting_status === SITTING.in ? '已入席' : '未入席'}
      </Tag>
      {t.sitting_status === SITTING.in && t.stand_status === STANDING.standing && (
        <Tag color="processing">起立</Tag>
      )}
      {controlled && t.can_terminate !== 1 && <Tag>可发言 {t.speak_times} 次</Tag>}
      {t.speak_request === SPEAK_REQUEST.waiting && <Tag color="warning">申请发言</Tag>}
      {t.show_status !== DOC_REQUEST.none && (
        <Tag color={t.show_status === DOC_REQUEST.pending ? 'warning' : undefined}>
          展示{DOC_REQUEST_WORDS[t.show_status]}
        </Tag>
      )}
      {t.submit_status !== DOC_REQUEST.none && (
        <Tag color={t.submit_status === DOC_REQUEST.pending ? 'warning' : undefined}>
          提交{DOC_REQUEST_WORDS[t.submit_status]}
        </Tag>
      )}
      {t.report_status !== REPORT.none && (
        <Tag color={t.report_status === REPORT.reporting ? 'processing' : undefined}>
          {REPORT_WORDS[t.report_status]}
        </Tag>
      )}
      {(t.vote_status !== VOTE.none || ended) && (
        <Tag color={VOTE_COLORS[t.vote_status]}>{VOTE_WORDS[t.vote_status]}</Tag>
      )}
    </Space>
  );
}
