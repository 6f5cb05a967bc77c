import type { RolePermissionRole } from '@portal/contract';
import { Card, Checkbox, Tag, Typography } from 'antd';
import { useId } from 'react';
import {
  type Codenames,
  differsFromDefault,
  lostOnceRemoved,
  moduleState,
  type PermissionModuleItem,
  toggleAction,
  toggleModule,
} from './rolePermission.ts';

const NOT_HELD = '你没有此操作，不能授予';
const LOST_ONCE_REMOVED = '你没有此操作：取消后不能再授予';

/**
 * One module of the matrix for the chosen role: its name, how many of its actions are ticked and
 * how many differ from the defaults, a 全选 (half-ticked when some are), and a box per action —
 * its name, its codename below, 已调整 when it differs from the role's defaults, and why it cannot
 * be ticked (the caller lacks it) or could not be given back once unticked.
 */
export function ModuleActions({
  module,
  role,
  selected,
  saved,
  defaults,
  canTick,
  grantable,
  onChange,
}: {
  module: PermissionModuleItem;
  role: RolePermissionRole;
  /** What the boxes show now (saved, or the user's changes). */
  selected: Codenames;
  /** What the role has now, saved. */
  saved: Codenames;
  defaults: Codenames;
  /** Whether the caller may tick `codename` for the role. */
  canTick: (codename: string) => boolean;
  /** The actions the caller holds. */
  grantable: Codenames;
  onChange: (next: Set<string>) => void;
}) {
  const id = useId().replace(/:/g, '');
  const titleId = `rp-module-${id}`;
  const state = moduleState(module, selected, defaults, canTick);
  return (
    <Card
      size="small"
      className="rp-module"
      role="group"
      aria-labelledby={titleId}
      title={
        <span className="rp-module-title">
          <span id={titleId}>{module.name}</span>
          <Typography.Text type="secondary" className="rp-module-count">
            {state.checked}/{state.total}
          </Typography.Text>
          {state.adjusted > 0 && <Tag color="orange">已调整 {state.adjusted}</Tag>}
        </span>
      }
      extra={
        <Checkbox
          checked={state.all}
          indeterminate={state.indeterminate}
          disabled={state.disabled}
          aria-label={`全选 ${module.name}`}
          onChange={() => onChange(toggleModule(module, selected, canTick))}
        >
          全选
        </Checkbox>
      }
    >
      <ul className="rp-actions">
        {module.actions.map((a, i) => {
          const on = selected.has(a.codename);
          const tickable = on || canTick(a.codename);
          const adjusted = differsFromDefault(a.codename, selected, defaults);
          const note = !tickable
            ? NOT_HELD
            : on && lostOnceRemoved(a.codename, role, grantable)
              ? LOST_ONCE_REMOVED
              : null;
          const metaId = `${titleId}-${i}`;
          const unsaved = on !== saved.has(a.codename);
          return (
            <li key={a.codename} className={unsaved ? 'rp-action rp-action--unsaved' : 'rp-action'}>
              <span className="rp-action-line">
                <Checkbox
                  checked={on}
                  disabled={!tickable}
                  aria-describedby={adjusted || note ? metaId : undefined}
                  onChange={(e) => onChange(toggleAction(selected, a.codename, e.target.checked))}
                >
                  {a.name}
                </Checkbox>
                {adjusted && (
                  <Tag color="orange" className="rp-adjusted" title={on ? '默认没有此操作' : '默认有此操作'}>
                    已调整
                  </Tag>
                )}
              </span>
              <span className="rp-action-meta">
                <span className="rp-code">{a.codename}</span>
                {(adjusted || note) && (
                  <span id={metaId}>
                    {adjusted && (
                      <span className="sr-only">已调整：{on ? '默认没有此操作' : '默认有此操作'}。</span>
                    )}
                    {note && <span className="rp-note">{note}</span>}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
