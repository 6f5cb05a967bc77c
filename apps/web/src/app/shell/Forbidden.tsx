import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** 403 for a screen whose permission the user lacks. */
export function Forbidden({ back }: { back: string }) {
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle="您没有访问该页面的权限，如需开通请联系管理员。"
      extra={
        <Link to={back}>
          <Button type="primary">返回</Button>
        </Link>
      }
    />
  );
}
