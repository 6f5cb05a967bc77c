import { COURSE_LIMITS, type Course, type CourseStudent, KEYWORD_MAX } from '@portal/contract';
import { App, Button, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { SearchPicker } from '#web/shared/ui/SearchPicker.tsx';
import { useFocusReturn } from '#web/shared/ui/useFocusReturn.ts';
import { useCourseStudents, useCourseWrites, useStudentCandidates } from './useCourses.ts';

const PAGE_SIZE = 10;

/**
 * A course's students: found by name or user name, a page at a time; a manager adds the company's
 * 学生 found as they type (several at once) and takes one off after a confirmation. The count and
 * the limit are shown; a full course is refused by the server with how many places are left.
 */
export function CourseStudentsDialog({
  course,
  canChange,
  onClose,
}: {
  course: Course | null;
  canChange: boolean;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const focusReturn = useFocusReturn(course !== null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const students = useCourseStudents(course?.id, {
    keyword: keyword || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const candidates = useStudentCandidates(canChange ? course?.id : undefined, search);
  const { addStudents, removeStudents } = useCourseWrites();
  const count = students.data?.paging.count;

  const close = () => {
    setKeyword('');
    setPage(1);
    setSearch('');
    setPicked([]);
    onClose();
  };

  const takeOff = (s: CourseStudent) =>
    course &&
    confirmDanger(modal, {
      title: `确定把「${s.name}」移出课程吗？`,
      content: '移出后该学生不再属于这门课程，账号不受影响。',
      okText: '移出',
      cancelText: '不移出',
      onOk: () =>
        removeStudents
          .mutateAsync({ course_id: course.id, user_ids: [s.id] })
          .then(() => toastSuccess(`已将「${s.name}」移出课程`))
          .catch(() => {}),
    });

  return (
    <Modal
      {...focusReturn.props}
      title={course ? `学生 · ${course.name}` : '学生'}
      open={course !== null}
      onCancel={close}
      afterOpenChange={(opened) => {
        if (!opened) focusReturn.closed();
      }}
      footer={<Button onClick={close}>关闭</Button>}
      destroyOnHidden
      width={640}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {canChange && course && (
          <>
            <SearchPicker<number[]>
              label="要加入的学生"
              placeholder="按姓名或用户名查找本单位的学生"
              none="没有可加入的学生"
              searching={candidates.isFetching}
              options={(candidates.data?.results ?? []).map((s) => ({
                value: s.id,
                label: `${s.name}（${s.username}）`,
              }))}
              multiple
              value={picked}
              onChange={setPicked}
              onSearch={setSearch}
              action="加入"
              busy={addStudents.isPending}
              onAdd={(ids) =>
                addStudents.mutate(
                  { course_id: course.id, user_ids: ids },
                  {
                    onSuccess: (r) => {
                      setPicked([]);
                      toastSuccess(r.count > 0 ? `已加入${r.count}名学生` : '所选学生已在课程中');
                    },
                  },
                )
              }
            />
            <Typography.Text type="secondary">
              只能加入角色为“学生”的本单位人员；每门课程最多{COURSE_LIMITS.students}名学生。
            </Typography.Text>
          </>
        )}
        <Input.Search
          aria-label="搜索课程的学生"
          placeholder="姓名或用户名"
          maxLength={KEYWORD_MAX}
          allowClear={CLEARABLE}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <section aria-label={course ? `${course.name}的学生` : '课程的学生'}>
          <List<CourseStudent>
            bordered
            loading={students.isLoading}
            header={count === undefined ? undefined : `${keyword ? '找到' : '共'}${count}名学生`}
            dataSource={students.data?.results ?? []}
            locale={{ emptyText: keyword ? '没有找到这样的学生' : '这门课程还没有学生' }}
            pagination={
              count !== undefined && count > PAGE_SIZE
                ? {
                    current: page,
                    pageSize: PAGE_SIZE,
                    total: count,
                    onChange: setPage,
                    showSizeChanger: false,
                  }
                : false
            }
            renderItem={(s) => (
              <List.Item
                actions={
                  canChange
                    ? [
                        <Button
                          key="remove"
                          type="link"
                          danger
                          size="small"
                          aria-label={`移出 ${s.name}`}
                          onClick={() => takeOff(s)}
                        >
                          移出
                        </Button>,
                      ]
                    : []
                }
              >
                {s.name}
                <Typography.Text type="secondary">（{s.username}）</Typography.Text>
              </List.Item>
            )}
          />
        </section>
      </Space>
    </Modal>
  );
}
