import { type GroupAdmin, ROLE_NAMES } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { App, Button, Empty, List, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { SearchPicker } from '#web/shared/ui/SearchPicker.tsx';
import { useFocusReturn } from '#web/shared/ui/useFocusReturn.ts';
import { GroupStaffCreateDialog } from './GroupStaffCreateDialog.tsx';
import { groupKeys, useGroupStaffOptions } from './useGroups.ts';

/**
 * A group's staff in 集群管理 (the super administrator's): its 集群管理员 and 集群管理员助理, each
 * taken off after a confirmation, and a picker of the users of any company who hold one of those
 * roles and are not on it yet (docs/adr/0038).
 */
export function GroupStaffDialog({ group, onClose }: { group: GroupAdmin | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const focusReturn = useFocusReturn(group !== null);
  const [current, setCurrent] = useState(group);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number>();
  const [creating, setCreating] = useState(false);
  const options = useGroupStaffOptions(group?.id, keyword);
  const invalidate = useInvalidate(groupKeys.all);
  useEffect(() => setCurrent(group), [group]);

  const add = useInvalidatingMutation(groupKeys.all, (userId: number) =>
    api.call(groupCalls.addStaff, { id: current?.id ?? 0, user_id: userId }),
  );

  const remove = (member: GroupAdmin['staff'][number]) =>
    current &&
    confirmDanger(modal, {
      title: `确定取消「${member.name}」的集群管理权限吗？`,
      content: '取消后，该用户不再能查看和管理这个集群的单位。',
      okText: '取消权限',
      cancelText: '不取消',
      onOk: () =>
        api
          .call(groupCalls.removeStaff, { id: current.id, user_id: member.user_id })
          .then((updated) => {
            setCurrent(updated);
            toastSuccess(`已取消「${member.name}」的集群管理权限`);
          })
          .catch(() => {})
          .finally(invalidate),
    });

  return (
    <Modal
      {...focusReturn.props}
      title={group ? `管理员 · ${group.name}` : '管理员'}
      open={group !== null}
      onCancel={onClose}
      afterOpenChange={(opened) => {
        if (!opened) focusReturn.closed();
      }}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      width={640}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SearchPicker<number>
          label="要指定的用户"
          placeholder="按姓名或用户名查找集群管理员、助理"
          none="没有可指定的用户"
          searching={options.isFetching}
          options={(options.data?.results ?? []).map((o) => ({
            value: o.user_id,
            label: `${o.name}（${o.username}，${ROLE_NAMES[o.role] ?? o.role}，${o.company_name}）`,
          }))}
          value={picked}
          onChange={setPicked}
          onSearch={setKeyword}
          action="指定"
          busy={add.isPending}
          onAdd={(userId) =>
            add.mutate(userId, {
              onSuccess: (updated) => {
                setCurrent(updated);
                setPicked(undefined);
                toastSuccess('已指定为集群管理员');
              },
            })
          }
        />
        <Typography.Text type="secondary">
          只能指定角色为集群管理员或集群管理员助理的用户；他们将能查看这个集群的全部单位。还没有这样的用户时，
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setCreating(true)}>
            新建管理员
          </Button>
          。
        </Typography.Text>
        {current && current.staff.length === 0 ? (
          <Empty description="还没有指定集群管理员" />
        ) : (
          <section aria-label={current ? `${current.name}的管理员` : '集群的管理员'}>
            <List
              bordered
              dataSource={current?.staff ?? []}
              renderItem={(member) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="link"
                      danger
                      size="small"
                      aria-label={`取消 ${member.name}`}
                      onClick={() => remove(member)}
                    >
                      取消
                    </Button>,
                  ]}
                >
                  {member.name}
                  <Typography.Text type="secondary">
                    （{ROLE_NAMES[member.role] ?? member.role}）
                  </Typography.Text>
                </List.Item>
              )}
            />
          </section>
        )}
      </Space>
      <GroupStaffCreateDialog
        group={creating ? current : null}
        onClose={() => setCreating(false)}
        onSaved={setCurrent}
      />
    </Modal>
  );
}
