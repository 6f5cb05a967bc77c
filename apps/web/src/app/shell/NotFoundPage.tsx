import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { AREAS } from '#web/app/routes/table.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';

/**
 * 404: unknown paths (the server answers them with HTTP 404). Inside an area it shows in the
 * area's frame; elsewhere in the shop's, with its header, search and footer, and a way on.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const area = AREAS.find((a) => pathname.startsWith(`${a.path}/`));
  const result = (
    <Result
      status="404"
      title="页面不存在"
      subTitle="抱歉，您访问的页面不存在或已被移除。"
      extra={
        <>
          <Link to={area?.path ?? '/'}>
            <Button type="primary">返回首页</Button>
          </Link>
          {!area && (
            <Link to="/product">
              <Button>看看全部商品</Button>
            </Link>
          )}
        </>
      }
    />
  );
  if (area) return result;
  return (
    <ShopLayout title="页面不存在" description="您访问的页面不存在或已被移除。">
      {result}
    </ShopLayout>
  );
}
