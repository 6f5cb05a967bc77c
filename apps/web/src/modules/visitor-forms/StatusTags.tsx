import { ENQUIRY_STATUS_NAMES, OPINION_STATUS_NAMES, REVIEW_STATUS_NAMES } from '@portal/contract';
import { Tag } from 'antd';

const REVIEW_COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/** 待审核 / 已通过 / 已拒绝. */
export function ReviewStatusTag({ status }: { status: number }) {
  return <Tag color={REVIEW_COLORS[status]}>{REVIEW_STATUS_NAMES[status] ?? status}</Tag>;
}

/** 待回复 / 已回复. */
export function OpinionStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'gold'}>{OPINION_STATUS_NAMES[status] ?? status}</Tag>;
}

/** 待处理 / 已处理. */
export function EnquiryStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'gold'}>{ENQUIRY_STATUS_NAMES[status] ?? status}</Tag>;
}
