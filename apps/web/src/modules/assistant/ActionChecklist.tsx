import { Checkbox, Typography } from 'antd';
import { useId } from 'react';
import { type ActionGroup, moduleState, orderedCodenames, toggleAction, toggleModule } from './assistants.ts';

/**
 * The actions an assistant may be given, as a form field (`value`: the ticked codenames, in the
 * groups' order): a group per module (its name, how many are ticked and a 全选, half-ticked when
 * some are) with a checkbox per action. Each module's group is named after it, so a screen reader
 * says which module a box belongs to.
 */
export function ActionChecklist({
  id: fieldId,
  groups,
  value,
  onChange,
}: {
  /** The field's id (Form.Item gives it). */
  id?: string;
  groups: readonly ActionGroup[];
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const id = useId().replace(/:/g, '');
  const selected = new Set(value ?? []);
  const change = (next: Set<string>) => onChange?.(orderedCodenames(groups, next));
  const total = groups.reduce((n, g) => n + g.actions.length, 0);
  return (
    <div id={fieldId} className="assistant-actions">
      <Typography.Text type="secondary" aria-live="polite">
        已选 {selected.size} / {total} 项
      </Typography.Text>
      {groups.map((g, i) => {
        const state = moduleState(g, selected);
        const nameId = `assistant-module-${id}-${i}`;
        return (
          <fieldset key={g.module} className="assistant-module" aria-labelledby={nameId}>
            <div className="assistant-module-head">
              <span id={nameId} className="assistant-module-name">
                {g.name}
              </span>
              <Typography.Text type="secondary" className="assistant-module-count">
                {state.checked}/{state.total}
              </Typography.Text>
              <Checkbox
                checked={state.all}
                indeterminate={state.indeterminate}
                aria-label={`全选 ${g.name}`}
                onChange={() => change(toggleModule(g, selected))}
              >
                全选
              </Checkbox>
            </div>
            <ul className="assistant-module-actions">
              {g.actions.map((a) => (
                <li key={a.codename}>
                  <Checkbox
                    checked={selected.has(a.codename)}
                    onChange={(e) => change(toggleAction(selected, a.codename, e.target.checked))}
                  >
                    {a.name}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
