import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { findScreen } from '#web/app/routes/access.ts';
import { AREAS } from '#web/app/routes/table.ts';
import type { AreaEntry } from '#web/app/routes/types.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import './shell.css';

/** Below this width (antd's `md`) the side menu starts folded to its icons, leaving the screen room. */
const NARROW = '(max-width: 767.98px)';

/** The frame of a protected area: top bar and side menu as the routed screen allows. */
export function AreaShell({ area }: { area: AreaEntry }) {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  const { pathname } = useLocation();
  const screen = findScreen(AREAS, pathname);
  const showTopBar = screen?.showTopBar ?? true;
  const showSideMenu = screen?.showSideMenu ?? true;

  return (
    <Layout className="shell">
      {showTopBar && <TopBar area={area} />}
      <Layout className="shell-body" hasSider={showSideMenu}>
        {showSideMenu && (
          <Layout.Sider
            theme="light"
            width={220}
            collapsedWidth={64}
            collapsed={collapsed}
            // Folds when the window becomes narrow and opens when it becomes wide again.
            breakpoint="md"
            onBreakpoint={setCollapsed}
            className="shell-sider"
            aria-label="侧边栏"
          >
            <Button
              type="text"
              block
              className="shell-collapse"
              // Folded it shows only its icon; open, its text is its name.
              aria-label={collapsed ? '展开侧边栏' : undefined}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? null : '收起侧边栏'}
            </Button>
            <SideMenu area={area} collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="shell-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
