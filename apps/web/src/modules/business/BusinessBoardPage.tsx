import {
  BOARD_STUCK_SECONDS,
  type BoardRow,
  BUSINESS_COMMANDS,
  type BusinessCommand,
} from '@portal/contract';
import { Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useChosenCourse } from './CoursePicker.tsx';
import { BOARD_REFRESH_MS, useBoard } from './useBoard.ts';
import { runPath } from './useBusinesses.ts';

/** How long ago, in words: 45秒, 12分钟, 2小时5分钟. */
export function idleWords(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest > 0 ? `${hours}小时${rest}分钟` : `${hours}小时`;
}

/**
 * 业务指导 (`/instructor/business-guide`; issue 37 "beyond the original"): the instructor's live
 * board of a course — every running team, where it stands, how many are seated, the last thing done
 * and how long ago (a team idle for BOARD_STUCK_SECONDS is flagged 停滞) — read again every five
 * seconds; each team opens as its members see it.
 */
export function BusinessBoardPage() {
  const { courses, list, chosen, picker } = useChosenCourse('board-course');
  const board = useBoard(chosen);

  if (courses.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.length === 0)
    return (
      <Card title="业务指导">
        <QueryEmpty
          query={courses}
          description="你还没有指导的课程：课程管理中把你设为课程的指导者后，这里会列出它的团队"
        />
      </Card>
    );
  const rows = board.data?.businesses ?? [];
  return (
    <Card
      title="业务指导"
      extra={<Typography.Text type="secondary">每{BOARD_REFRESH_MS / 1000}秒刷新</Typography.Text>}
    >
      {picker}
      {board.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !board.data ? (
        <QueryEmpty query={board} description="读取课程的业务失败" />
      ) : rows.length === 0 ? (
        <Empty description="这门课程现在没有进行中的业务" />
      ) : (
        <Table<BoardRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          aria-label={`${board.data.course.name}的进行中的业务`}
          columns={[
            {
              title: '业务',
              key: 'name',
              render: (_, b) => (
                <Space direction="vertical" size={0}>
                  <Link to={runPath(b.id)} aria-label={`查看业务 ${b.name}`}>
                    {b.name}
                  </Link>
                  <Typography.Text type="secondary">{b.project_name}</Typography.Text>
                </Space>
              ),
            },
            {
              title: '当前环节',
              key: 'nodes',
              render: (_, b) => (
                <Space direction="vertical" size={0}>
                  {b.nodes.map((n) => (
                    <span key={n.node_id}>
                      {n.name}
                      <Typography.Text type="secondary">
                        {' '}
                        入席 {n.seated}/{n.seats}
                      </Typography.Text>
                    </span>
                  ))}
                </Space>
              ),
            },
            { title: '成员', dataIndex: 'members', responsive: ['md'] },
            {
              title: '最后动作',
              key: 'last',
              responsive: ['md'],
              render: (_, b) =>
                b.last ? (
                  <span>
                    {b.last.role_name}·{b.last.user_name}：
                    {b.last.cmd
                      ? `【${BUSINESS_COMMANDS[b.last.cmd as BusinessCommand] ?? b.last.cmd}】`
                      : ''}
                    {b.last.msg}
                    <Typography.Text type="secondary">
                      {' '}
                      {formatDateTime(b.last.create_time).slice(11)}
                    </Typography.Text>
                  </span>
                ) : (
                  <Typography.Text type="secondary">还没有动作</Typography.Text>
                ),
            },
            {
              title: '停留',
              key: 'idle',
              render: (_, b) =>
                b.idle_seconds >= BOARD_STUCK_SECONDS ? (
                  <Tag color="warning">停滞 {idleWords(b.idle_seconds)}</Tag>
                ) : (
                  idleWords(b.idle_seconds)
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
