import type { FlowSetup } from '@portal/contract';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { isApiError } from '#web/shared/api/client.ts';
import { problemsOf } from '../useFlowSetup.ts';

/** What a step shows of a refused save: each problem the server named, in one alert that takes focus. */
export function StepProblems({ error }: { error: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const message = isApiError(error) ? error.m : '保存失败，请检查网络后重试';
  const problems = problemsOf(message);
  return (
    <div ref={ref} tabIndex={-1} className="flow-set-problems">
      <Alert
        type="error"
        showIcon
        role="alert"
        message="不能保存"
        description={
          problems.length > 1 ? (
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            message
          )
        }
      />
    </div>
  );
}

export interface StepProps {
  setup: FlowSetup;
  /** A published flow, or a reader without change_flow: shown, not changed. */
  readOnly: boolean;
  /** After a step is saved: the next step, or the flow list after the last. */
  onDone: () => void;
}
