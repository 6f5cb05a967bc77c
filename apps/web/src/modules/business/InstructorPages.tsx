import './business.css';
import {
  BUSINESS_FINISHED,
  BUSINESS_RUNNING,
  BUSINESS_STATUS,
  type CourseBusiness,
  type CourseLearner,
  type CourseSummary,
} from '@portal/contract';
import { Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useChosenCourse } from './CoursePicker.tsx';
import { useCoursePeople, useCourseSummaries } from './useBoard.ts';
import { runPath } from './useBusinesses.ts';

const STATUS_COLORS: Record<number, string | undefined> = { 2: 'processing', 9: 'success' };
const statusTag = (status: number) => (
  <Tag color={STATUS_COLORS[status]}>{BUSINESS_STATUS[status as keyof typeof BUSINESS_STATUS] ?? '—'}</Tag>
);
const NO_COURSE = '你还没有指导的课程：课程管理中把你设为课程的指导者后，这里会列出它的学生和业务';

/** A business's members as one line each: 角色·姓名. */
function Members({ business }: { business: CourseBusiness }) {
  if (business.members.length === 0) return <Typography.Text type="secondary">还没有成员</Typography.Text>;
  return (
    <ul className="instructor-members">
      {business.members.map((m) => (
        <li key={`${m.role_name}-${m.user_id}`}>
          {m.role_name}·{m.user_name}
        </li>
      ))}
    </ul>
  );
}

/** Where an instructor goes from a business: into it while it runs, its replay once it has ended. */
function OpenBusiness({ business }: { business: { id: number; name: string; status: number } }) {
  return business.status === BUSINESS_FINISHED ? (
    <Link to={`/business/done/detail/${business.id}`} aria-label={`回放 ${business.name}`}>
      回放
    </Link>
  ) : (
    <Link to={runPath(business.id)} aria-label={`进入业务 ${business.name}`}>
      进入业务
    </Link>
  );
}

/**
 * A page about one of the instructor's courses: the course chosen at its head, then `children`
 * with the course's students and businesses (`/business/board/people`).
 */
function CoursePage({
  title,
  pickerId,
  intro,
  children,
}: {
  title: string;
  pickerId: string;
  intro: string;
  children: (people: {
    students: CourseLearner[];
    businesses: CourseBusiness[];
    course: string;
  }) => ReactNode;
}) {
  const { courses, list, chosen, picker } = useChosenCourse(pickerId);
  const people = useCoursePeople(chosen);
  if (courses.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.length === 0)
    return (
      <Card title={title}>
        <QueryEmpty query={courses} description={NO_COURSE} />
      </Card>
    );
  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {picker}
      {people.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !people.data ? (
        <QueryEmpty query={people} description="读取课程的学生和业务失败" />
      ) : (
        children({ ...people.data, course: people.data.course.name })
      )}
    </Card>
  );
}

/** The table of a course's businesses (提问: the running ones; 评价: all, with their times). */
function BusinessesTable({
  businesses,
  course,
  label,
  times,
}: {
  businesses: CourseBusiness[];
  course: string;
  label: string;
  times?: boolean;
}) {
  if (businesses.length === 0) return <Empty description="这门课程还没有这样的业务" />;
  return (
    <Table<CourseBusiness>
      rowKey="id"
      size="small"
      pagination={businesses.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      dataSource={businesses}
      aria-label={`${course}的${label}`}
      columns={[
        {
          title: '业务',
          key: 'name',
          render: (_, b) => (
            <Space direction="vertical" size={0}>
              <span>{b.name}</span>
              <Typography.Text type="secondary">{b.project_name}</Typography.Text>
            </Space>
          ),
        },
        { title: '状态', key: 'status', width: 100, render: (_, b) => statusTag(b.status) },
        { title: '成员', key: 'members', render: (_, b) => <Members business={b} /> },
        ...(times
          ? [
              {
                title: '开始 / 结束',
                key: 'times',
                responsive: ['md' as const],
                render: (_: unknown, b: CourseBusiness) => (
                  <Space direction="vertical" size={0}>
                    <span>{b.started_at ? formatDateTime(b.started_at) : '未开始'}</span>
                    <Typography.Text type="secondary">
                      {b.ended_at ? formatDateTime(b.ended_at) : '—'}
                    </Typography.Text>
                  </Space>
                ),
              },
            ]
          : []),
        { title: '操作', key: 'open', width: 100, render: (_, b) => <OpenBusiness business={b} /> },
      ]}
    />
  );
}

/**
 * 学生指导 (`/instructor/student-guide`): a course's students and the businesses each sits in, with
 * the role — where to find a student to guide (each business opens as its members see it).
 */
export function StudentGuidePage() {
  return (
    <CoursePage
      title="学生指导"
      pickerId="guide-course"
      intro="课程中的每个学生，以及他们参与的业务和担任的角色；进入业务可以看到他们的讨论和进度。"
    >
      {({ students, course }) =>
        students.length === 0 ? (
          <Empty description="这门课程还没有学生：课程管理中可以把学生加入课程" />
        ) : (
          <Table<CourseLearner>
            rowKey="user_id"
            size="small"
            pagination={students.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            dataSource={students}
            aria-label={`${course}的学生`}
            columns={[
              { title: '学生', dataIndex: 'name', width: 160 },
              {
                title: '参与的业务',
                key: 'businesses',
                render: (_, x) =>
                  x.businesses.length === 0 ? (
                    <Typography.Text type="secondary">还没有参与业务</Typography.Text>
                  ) : (
                    <ul className="instructor-members">
                      {x.businesses.map((b) => (
                        <li key={`${b.id}-${b.role_name}`}>
                          {b.name}（{b.role_name}）{statusTag(b.status)}
                          <OpenBusiness business={b} />
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        )
      }
    </CoursePage>
  );
}

/**
 * 业务提问 (`/instructor/business-question`): the course's running businesses and who is in each —
 * the teams whose questions the instructor answers; each opens with its messages.
 */
export function BusinessQuestionPage() {
  return (
    <CoursePage
      title="业务提问"
      pickerId="question-course"
      intro="课程中进行中的业务和它们的成员；进入业务可以阅读团队的消息并回应。"
    >
      {({ businesses, course }) => (
        <BusinessesTable
          businesses={businesses.filter((b) => b.status === BUSINESS_RUNNING)}
          course={course}
          label="进行中的业务"
        />
      )}
    </CoursePage>
  );
}

/**
 * 业务评价 (`/instructor/business-evaluation`): every business of the course — running or ended —
 * with its members and times; an ended one replays step by step.
 */
export function BusinessEvaluationPage() {
  return (
    <CoursePage
      title="业务评价"
      pickerId="evaluation-course"
      intro="课程中的全部业务、成员与起止时间；已结束的业务可以回放，逐步查看每个环节的过程。"
    >
      {({ businesses, course }) => (
        <BusinessesTable businesses={businesses} course={course} label="业务" times />
      )}
    </CoursePage>
  );
}

/**
 * 我的课堂 (`/instructor/interest-course`): the courses the instructor teaches — their projects,
 * students and businesses —, each leading to its students, its live board and its businesses.
 */
export function InterestCoursePage() {
  const summaries = useCourseSummaries();
  if (summaries.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = summaries.data?.results ?? [];
  return (
    <Card title="我的课堂">
      {list.length === 0 ? (
        <QueryEmpty query={summaries} description={NO_COURSE} />
      ) : (
        <Table<CourseSummary>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list}
          aria-label="我指导的课程"
          columns={[
            { title: '课程编号', dataIndex: 'code', width: 110, render: (v: string) => v || '—' },
            { title: '课程名称', dataIndex: 'name' },
            {
              title: '项目',
              key: 'projects',
              responsive: ['md'],
              render: (_, c) => (c.projects.length > 0 ? c.projects.join('、') : '—'),
            },
            { title: '学生', dataIndex: 'students', width: 70 },
            {
              title: '业务',
              key: 'businesses',
              width: 140,
              render: (_, c) => `进行中 ${c.running} · 已结束 ${c.finished}`,
            },
            {
              title: '操作',
              key: 'go',
              render: (_, c) => (
                <Space wrap size={[12, 0]}>
                  <Link to={`/instructor/student-guide?course_id=${c.id}`} aria-label={`${c.name}的学生指导`}>
                    学生
                  </Link>
                  <Link
                    to={`/instructor/business-guide?course_id=${c.id}`}
                    aria-label={`${c.name}的业务指导`}
                  >
                    业务指导
                  </Link>
                  <Link
                    to={`/instructor/business-evaluation?course_id=${c.id}`}
                    aria-label={`${c.name}的业务评价`}
                  >
                    评价
                  </Link>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
