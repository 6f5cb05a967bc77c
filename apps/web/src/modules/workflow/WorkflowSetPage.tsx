import './workflow-set.css';
import { FLOW_DRAFT, FLOW_SET_UP, FLOW_STEP_MESSAGE, FLOW_STEPS } from '@portal/contract';
import { workflowSetupCalls } from '@portal/contract/calls';
import { Alert, App, Button, Card, Result, Space, Steps } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { drawPath, setPath } from './paths.ts';
import { DocStep } from './setup/DocStep.tsx';
import { ModuleStep } from './setup/ModuleStep.tsx';
import { NodeStep } from './setup/NodeStep.tsx';
import { RoleStep } from './setup/RoleStep.tsx';
import type { StepProps } from './setup/StepProblems.tsx';
import { useFlowSetup } from './useFlowSetup.ts';

/**
 * 流程设置 (/manager/workflow/set/{flow_id}/{step}): the four steps after the drawing. A step the
 * stored one does not reach yet is refused with the specification's message and the stored step
 * opened instead, the wanted address in `redirect`; a flow that is not drawn (or not there) goes
 * back to 流程管理 with 参数错误 (spec §4).
 */
export function WorkflowSetPage() {
  const { flow_id, step: stepParam } = useParams();
  const id = Number(flow_id);
  const wanted = stepParam === undefined ? 0 : Number(stepParam);
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const query = useFlowSetup(Number.isInteger(id) && id > 0 ? id : 0);
  const canChange = useCanCall(workflowSetupCalls.setNodes);
  const setup = query.data;
  const stored = setup?.flow.step ?? null;
  const badParam = !Number.isInteger(id) || id <= 0 || !Number.isInteger(wanted) || wanted < 0 || wanted > 3;
  const here = `${location.pathname}${location.search}`;

  // The step guard: run once the flow is known (or known missing: a network failure offers a retry).
  const missing = query.isError && isApiError(query.error);
  const blocked = badParam || missing || (setup !== undefined && (stored === null || wanted > stored));
  useEffect(() => {
    if (badParam || missing || (setup && stored === null)) {
      message.error('参数错误');
      navigate(`/manager/workflow?redirect=${encodeURIComponent(here)}`, { replace: true });
    } else if (setup && stored !== null && wanted > stored) {
      message.error(FLOW_STEP_MESSAGE);
      navigate(`${setPath(id, Math.min(stored, 3))}?redirect=${encodeURIComponent(here)}`, { replace: true });
    }
  }, [badParam, missing, setup, stored, wanted, id, here, message, navigate]);

  if (blocked || (!badParam && query.isPending)) return <PageSpin />;
  if (!setup) return <QueryEmpty query={query} description="流程设置加载失败" />;

  const readOnly = setup.flow.status !== FLOW_DRAFT || !canChange;
  const go = (step: number) => navigate(setPath(id, step));
  const onDone = () => {
    if (wanted < 3) go(wanted + 1);
    else if (readOnly) navigate('/manager/workflow');
    else {
      message.success(`流程「${setup.flow.name}」设置完成，可以发布`);
      navigate('/manager/workflow');
    }
  };
  const props: StepProps = { setup, readOnly, onDone };
  const reached = Math.min(stored ?? 0, FLOW_SET_UP);

  return (
    <Card
      title={`流程设置：${setup.flow.name}`}
      extra={
        <Space wrap>
          <Link to={drawPath(id)}>流程图</Link>
          <Link to="/manager/workflow">返回流程管理</Link>
        </Space>
      }
    >
      <Steps
        className="flow-set-steps"
        current={wanted}
        onChange={go}
        items={FLOW_STEPS.map((title, i) => ({
          title,
          status: i === wanted ? 'process' : i < reached ? 'finish' : 'wait',
        }))}
      />
      {readOnly && (
        <Alert
          type="info"
          showIcon
          className="flow-set-note"
          message={
            setup.flow.status !== FLOW_DRAFT
              ? '流程已发布，设置只能查看；复制流程后可修改副本'
              : '你可以查看流程设置，不能修改'
          }
        />
      )}
      {setup.nodes.every((n) => n.kind !== 'task' && n.kind !== 'nest') ? (
        <Result
          status="warning"
          title="流程图还没有环节"
          extra={<Link to={drawPath(id)}>去绘制流程图</Link>}
        />
      ) : wanted === 0 ? (
        <NodeStep key={`0-${setup.flow.update_time}`} {...props} />
      ) : wanted === 1 ? (
        <DocStep {...props} />
      ) : wanted === 2 ? (
        <RoleStep key={`2-${setup.flow.update_time}`} {...props} />
      ) : (
        <ModuleStep key={`3-${setup.flow.update_time}`} {...props} />
      )}
      {wanted > 0 && (
        <Button className="flow-set-back" onClick={() => go(wanted - 1)}>
          上一步
        </Button>
      )}
    </Card>
  );
}
