import './business.css';
import { BUSINESS_LIMITS, PROJECT_OPEN_MODE } from '@portal/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Steps, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { BUSINESS_STEPS } from './BusinessWizardPage.tsx';
import { teammatesPath, useBusinessPreview, useBusinessWrites, useStartingPaths } from './useBusinesses.ts';

/**
 * 启动业务, step 2 (/manager/create_business_wizard1?project_id=, and for a 业务人员
 * /business/prepare/start?project_id=): the chosen project and the roles
 * its runs are played by — seats, the 职务 each needs and how many of the company hold it; the
 * caller takes the start role. 启动业务 stores the business waiting for its team; a project closed
 * to the caller now says why and cannot be started.
 */
export function BusinessWizard1Page() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = Number(params.get('project_id') ?? 0);
  const preview = useBusinessPreview(Number.isInteger(projectId) && projectId > 0 ? projectId : 0);
  const { create } = useBusinessWrites();
  const [form] = Form.useForm<{ name?: string }>();
  const paths = useStartingPaths();
  if (projectId > 0 && preview.isPending) return <PageSpin />;
  if (!preview.data)
    return (
      <Card title="启动业务">
        <QueryEmpty query={preview} description="项目不存在或已被删除" />
        <Link to={paths.choose}>重新选择项目</Link>
      </Card>
    );
  const { project, roles, closed } = preview.data;
  const seats = roles.reduce((n, r) => n + r.capacity, 0);
  const start = (v: { name?: string }) =>
    create
      .mutateAsync({ project_id: project.id, ...(v.name?.trim() ? { name: v.name.trim() } : {}) })
      .then((b) => {
        const empty = b.seats - b.seats_taken;
        toastSuccess(
          empty > 0
            ? `已启动业务「${b.name}」，还有${empty}个席位待配备`
            : `已启动业务「${b.name}」，席位已全部配齐`,
        );
        navigate(empty > 0 ? teammatesPath(b.id) : paths.started(b.id));
      })
      .catch((e: unknown) => showFieldError(form, e, ['name']));

  return (
    <Card title="启动业务" extra={<Link to={paths.home.to}>{paths.home.name}</Link>}>
      <Steps className="business-steps" current={1} items={BUSINESS_STEPS} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        items={[
          { key: 'name', label: '项目名称', children: project.name },
          { key: 'flow', label: '流程', children: project.flow_name },
          {
            key: 'open',
            label: '开放模式',
            children: `${PROJECT_OPEN_MODE[project.open_mode as keyof typeof PROJECT_OPEN_MODE] ?? '—'}${project.open_mode === 2 ? `（${project.start_day} 至 ${project.end_day}）` : ''}`,
          },
          { key: 'office', label: '所属事项', children: project.office_item || '—' },
          { key: 'intro', label: '项目简介', children: project.intro || '—', span: 'filled' },
          { key: 'purpose', label: '实验目的', children: project.purpose || '—', span: 'filled' },
        ]}
      />
      <h3 className="business-roles-title">角色与席位（共 {seats} 个席位）</h3>
      <DetailTable
        rowKey={(r) => `${r.project_name ?? ''}:${r.name}`}
        aria-label="角色与席位"
        dataSource={roles}
        columns={[
          {
            title: '角色',
            dataIndex: 'name',
            render: (name: string, r) => (
              <Space size={4}>
                {name}
                {r.can_start === 1 && <Tag color="blue">发起人（你）</Tag>}
                {r.project_name && <Tag>{`项目：${r.project_name}`}</Tag>}
              </Space>
            ),
          },
          { title: '席位', dataIndex: 'capacity', width: 70 },
          { title: '职务', dataIndex: 'position_name', width: 130, render: (v: string) => v || '不限' },
          {
            title: '本单位可选人数',
            dataIndex: 'available',
            width: 140,
            render: (n: number, r) =>
              n < r.capacity - r.can_start ? <span className="business-short">{n}（不足）</span> : n,
          },
        ]}
      />
      {closed && <Alert type="warning" showIcon role="alert" className="business-closed" message={closed} />}
      <Form form={form} layout="vertical" onFinish={start} className="business-form">
        <Form.Item
          name="name"
          label="业务名称"
          extra="不填则以项目名称和今天的日期命名"
          rules={[{ max: BUSINESS_LIMITS.name, message: `业务名称最多 ${BUSINESS_LIMITS.name} 个字` }]}
        >
          <Input maxLength={BUSINESS_LIMITS.name} placeholder={`如：${project.name} 第一组`} />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(paths.choose)}>上一步</Button>
          <Button type="primary" htmlType="submit" disabled={Boolean(closed)} loading={create.isPending}>
            启动业务
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
