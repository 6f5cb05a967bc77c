import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { AREAS } from '#web/app/routes/table.ts';

/** 404: unknown paths, inside an area or not. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const area = AREAS.find((a) => pathname.startsWith(`${a.path}/`));
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="抱歉，您访问的页面不存在或已被移除。"
      extra={
        <Link to={area?.path ?? '/'}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
