import { PlusOutlined } from '@ant-design/icons';
import { type Course, KEYWORD_MAX } from '@portal/contract';
import { courseCalls } from '@portal/contract/calls';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { CourseFormDialog } from './CourseFormDialog.tsx';
import { CourseStudentsDialog } from './CourseStudentsDialog.tsx';
import { useCourseList, useCourseWrites } from './useCourses.ts';

/**
 * 课程管理 (/manager/course): the company's courses — found by name or code; a manager makes one
 * (its instructors and training projects in the form), edits it, keeps its students in their own
 * dialog, and deletes it after a confirmation (its projects and the students' accounts stay).
 */
export function CoursePage() {
  const { modal } = App.useApp();
  const canChange = useCanCall(courseCalls.create);
  const filters = useListFilters<number>();
  const list = useCourseList(filters.params);
  const { remove } = useCourseWrites();
  /** The course the form edits: `null` closed, `undefined` a new one. */
  const [editing, setEditing] = useState<Course | null | undefined>(null);
  const [students, setStudents] = useState<Course | null>(null);

  const confirmRemove = (c: Course) =>
    confirmDanger(modal, {
      title: `确定删除课程「${c.name}」吗？`,
      content: `删除后课程不能恢复；它的${c.project_count}个实训项目和${c.student_count}名学生的账号不受影响。`,
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync({ course_id: c.id })
          .then(() => toastSuccess(`已删除课程「${c.name}」`))
          .catch(() => {}),
    });

  const columns: ListColumns<Course> = [
    { title: '课程编号', dataIndex: 'code', width: 100, render: (v: string) => v || '—' },
    { title: '课程名称', dataIndex: 'name', phone: 'title' },
    { title: '学期', dataIndex: 'semester', width: 170, render: (v: string) => v || '—' },
    {
      title: '指导者',
      dataIndex: 'teachers',
      width: 160,
      render: (t: Course['teachers']) => t.map((x) => x.name).join('、') || '—',
    },
    { title: '学生', dataIndex: 'student_count', width: 70, render: (n: number) => `${n}名` },
    { title: '项目', dataIndex: 'project_count', width: 70, render: (n: number) => `${n}个` },
    { title: '更新时间', dataIndex: 'update_time', width: 150, render: (v: string) => formatMinute(v) },
    actionsColumn<Course>((c) => (
      <Space size={0} wrap>
        {canChange && (
          <Button type="link" size="small" aria-label={`编辑 ${c.name}`} onClick={() => setEditing(c)}>
            编辑
          </Button>
        )}
        <Button type="link" size="small" aria-label={`${c.name}的学生`} onClick={() => setStudents(c)}>
          学生
        </Button>
        {canChange && (
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除 ${c.name}`}
            onClick={() => confirmRemove(c)}
          >
            删除
          </Button>
        )}
      </Space>
    )),
  ];

  return (
    <Card title="课程管理">
      <FilteredList<Course, number>
        listFilters={filters}
        search={{
          label: '搜索课程',
          placeholder: '课程名称或编号',
          maxLength: KEYWORD_MAX,
          style: { width: 200 },
        }}
        aria-label="课程列表"
        columns={columns}
        query={list}
        empty={
          filters.filtered ? '没有符合条件的课程' : canChange ? '还没有课程：点击「新建课程」' : '还没有课程'
        }
        rowName={(c) => c.name}
      >
        {canChange && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(undefined)}>
            新建课程
          </Button>
        )}
      </FilteredList>
      <CourseFormDialog course={editing} onClose={() => setEditing(null)} />
      <CourseStudentsDialog course={students} canChange={canChange} onClose={() => setStudents(null)} />
    </Card>
  );
}
