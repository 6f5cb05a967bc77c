import { Empty, Form, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { ActionChecklist } from './ActionChecklist.tsx';
import type { AssistantRow } from './AssistantTable.tsx';
import {
  type ActionGroup,
  actionGroups,
  effectiveActions,
  type Grantable,
  orderedCodenames,
  personName,
} from './assistants.ts';
import { useSetAssistantActions } from './useAssistants.ts';

interface Values {
  codenames: string[];
}

/**
 * 设置操作 of one assistant: the actions the caller may give, grouped by module as checkboxes with
 * a 全选 each, ticked as the assistant has them now. 保存 sends the whole set; a refused action
 * (the caller no longer holds it) is told below the boxes.
 */
export function AssistantActionsDialog({
  assistant,
  grantable,
  onClose,
}: {
  assistant: AssistantRow | null;
  grantable: readonly Grantable[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSetAssistantActions();
  const groups: ActionGroup[] = useMemo(() => actionGroups(grantable), [grantable]);
  const name = assistant ? personName(assistant) : '';
  const initialValues = useMemo<Values | undefined>(
    () =>
      assistant
        ? { codenames: effectiveActions(assistant.codenames, grantable).map((g) => g.codename) }
        : undefined,
    [assistant, grantable],
  );
  // The form's store outlives the dialog's content: each opening starts from the assistant's actions.
  useEffect(() => {
    if (initialValues) {
      form.resetFields();
      form.setFieldsValue(initialValues);
    }
  }, [initialValues, form]);
  const codenames = (v: Partial<Values>) => orderedCodenames(groups, new Set(v.codenames ?? []));

  const submit = (v: Values) => {
    if (!assistant) return;
    save.mutate(
      { userId: assistant.user_id, codenames: codenames(v) },
      savedWithToast(form, ['codenames'], `已保存「${name}」可做的操作`, onClose),
    );
  };

  return (
    <FormModal<Values>
      form={form}
      name="assistant-actions"
      label="助理可做的操作"
      onFinish={submit}
      formProps={{ initialValues, preserve: false }}
      title={assistant ? `设置操作 · ${name}` : '设置操作'}
      open={assistant !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending, disabled: groups.length === 0 }}
      width={640}
    >
      <Typography.Paragraph type="secondary">
        勾选「{name}
        」可以代你做的操作。助理只能做勾选的操作，且不超出你自己和其助理角色的权限；不勾选任何操作，助理就不能代你做事。
      </Typography.Paragraph>
      {groups.length === 0 ? (
        <Empty description="你没有可以交给助理的操作" />
      ) : (
        <Form.Item<Values> name="codenames" className="assistant-actions-item">
          <ActionChecklist groups={groups} />
        </Form.Item>
      )}
    </FormModal>
  );
}
