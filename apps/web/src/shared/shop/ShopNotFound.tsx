import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ShopLayout } from './ShopLayout.tsx';

/**
 * A public detail page whose item does not exist (bad id, deleted, offline): the shop frame with a
 * 404 result and one button back to the list. `headTitle` is the document title.
 */
export function ShopNotFound({
  headTitle,
  description,
  title,
  subTitle,
  backTo,
  backText,
}: {
  headTitle: string;
  description: string;
  title: string;
  subTitle?: string;
  backTo: string;
  backText: string;
}) {
  const navigate = useNavigate();
  return (
    <ShopLayout title={headTitle} description={description}>
      <Result
        status="404"
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(backTo)}>
            {backText}
          </Button>
        }
      />
    </ShopLayout>
  );
}
