import { DownOutlined } from '@ant-design/icons';
import { landingArea } from '@portal/contract';
import { Button, Dropdown, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { workAreas } from '#web/app/routes/access.ts';
import { AREAS } from '#web/app/routes/table.ts';
import type { AreaEntry } from '#web/app/routes/types.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { usePermission } from '#web/shared/usePermission.ts';

/**
 * The area's name in the top bar; for a user who may work in several areas (the super
 * administrator: 管理中心 and 商城管理) it opens the list of them.
 */
export function AreaSwitch({ area }: { area: AreaEntry }) {
  const user = useUserInfo();
  const { perm } = usePermission();
  const navigate = useNavigate();
  const areas = workAreas(AREAS, perm, user ? landingArea(user.role) : area.area);
  if (areas.length < 2 || !areas.includes(area))
    return <Typography.Text className="shell-area">{area.title}</Typography.Text>;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: areas.map((a) => ({ key: a.path, label: a.title })),
        selectable: true,
        selectedKeys: [area.path],
        onClick: ({ key }) => navigate(key),
      }}
    >
      <Button type="text" className="shell-area shell-area-switch" aria-label={`${area.title}：切换工作区域`}>
        {area.title}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
