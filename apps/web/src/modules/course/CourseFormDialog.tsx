import {
  COURSE_LIMITS,
  type Course,
  type CourseDetail,
  courseCreateBody,
  ROLE_NAMES,
} from '@portal/contract';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCourse, useCourseOptions, useCourseWrites } from './useCourses.ts';

interface Values {
  code?: string;
  name: string;
  semester?: string;
  seq?: number | null;
  hours?: number | null;
  schedule?: string;
  intro?: string;
  teacher_ids: number[];
  project_ids: number[];
}

const FIELDS = [
  'code',
  'name',
  'semester',
  'seq',
  'hours',
  'schedule',
  'intro',
  'teacher_ids',
  'project_ids',
] as const;
const shape = courseCreateBody.shape;

const valuesOf = (c: CourseDetail): Values => ({
  code: c.code,
  name: c.name,
  semester: c.semester,
  seq: c.seq,
  hours: c.hours,
  schedule: c.schedule,
  intro: c.intro,
  teacher_ids: c.teachers.map((t) => t.id),
  project_ids: c.projects.map((p) => p.id),
});

/**
 * A course's form: code, name, semester, section, lessons, timetable, intro, its instructors (the
 * company's 指导者 and 指导者助理) and training projects. `course` undefined makes a new one, a
 * course edits it (opened once its detail is read), null is closed. Fields are checked as the
 * server checks them; its refusal (a code taken) goes beside the field.
 */
export function CourseFormDialog({
  course,
  onClose,
}: {
  course: Course | null | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { save } = useCourseWrites();
  const open = course !== null;
  const detail = useCourse(course?.id);
  const options = useCourseOptions(open);
  const ready = course === undefined || detail.data !== undefined;

  const submit = (v: Values) => {
    const input = {
      code: v.code ?? '',
      name: v.name,
      semester: v.semester ?? '',
      seq: v.seq ?? undefined,
      hours: v.hours ?? undefined,
      schedule: v.schedule ?? '',
      intro: v.intro ?? '',
      teacher_ids: v.teacher_ids,
      project_ids: v.project_ids ?? [],
    };
    save.mutate(
      course ? { ...input, course_id: course.id } : input,
      savedWithToast(form, FIELDS, course ? `已保存课程「${v.name}」` : `已新建课程「${v.name}」`, onClose),
    );
  };

  const teachers = options.data?.teachers ?? [];
  return (
    <FormModal<Values>
      form={form}
      name="course-form"
      label={course ? '编辑课程' : '新建课程'}
      onFinish={submit}
      formProps={{
        preserve: false,
        initialValues: course && detail.data ? valuesOf(detail.data) : { teacher_ids: [], project_ids: [] },
      }}
      title={course ? `编辑课程 · ${course.name}` : '新建课程'}
      open={open && ready}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending }}
      width={720}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="code" label="课程编号" rules={[zodRule(shape.code)]}>
            <Input maxLength={COURSE_LIMITS.code} placeholder="如：0012" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="name" label="课程名称" required rules={[zodRule(shape.name)]}>
            <Input maxLength={COURSE_LIMITS.name} placeholder="如：行政程序实训" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="semester" label="学期" rules={[zodRule(shape.semester)]}>
            <Input maxLength={COURSE_LIMITS.semester} placeholder="如：2026-2027学年第一学期" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="seq" label="课序号" rules={[zodRule(shape.seq)]}>
            <InputNumber controls={false} min={1} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="hours" label="课时" rules={[zodRule(shape.hours)]}>
            <InputNumber controls={false} min={1} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="schedule" label="实验时间" rules={[zodRule(shape.schedule)]}>
        <Input maxLength={COURSE_LIMITS.schedule} placeholder="如：周三 14:00–16:00，实训楼 302" />
      </Form.Item>
      <Form.Item
        name="teacher_ids"
        label="指导者"
        required
        rules={[{ type: 'array', min: 1, required: true, message: '请选择指导者' }]}
        extra={
          options.isSuccess && teachers.length === 0
            ? '本单位还没有指导者：先在人员管理中添加角色为“指导者”的人员'
            : undefined
        }
      >
        <Select
          mode="multiple"
          allowClear={CLEARABLE}
          optionFilterProp="label"
          maxCount={COURSE_LIMITS.teachers}
          loading={options.isLoading}
          placeholder="搜索并选择指导者、指导者助理"
          options={teachers.map((t) => ({
            value: t.id,
            label: `${t.name}（${ROLE_NAMES[t.role] ?? t.role}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="project_ids" label="实训项目">
        <Select
          mode="multiple"
          allowClear={CLEARABLE}
          optionFilterProp="label"
          maxCount={COURSE_LIMITS.projects}
          loading={options.isLoading}
          placeholder="搜索并选择本课程的实训项目"
          notFoundContent="没有实训项目：先在项目管理中新建"
          options={(options.data?.projects ?? []).map((p) => ({
            value: p.id,
            label: `${p.name}（${p.flow_name}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="intro" label="课程简介" rules={[zodRule(shape.intro)]}>
        <Input.TextArea rows={3} maxLength={COURSE_LIMITS.intro} showCount />
      </Form.Item>
      <Typography.Text type="secondary">学生在保存课程后，从课程列表的「学生」加入。</Typography.Text>
    </FormModal>
  );
}
