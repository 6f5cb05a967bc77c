import { Alert } from 'antd';
import { adjustedText, dismissMergeNotice, useMergeNotice } from './cartMerge.ts';

/** After a login merged the guest cart: which lines the server lowered or dropped. Closable. */
export function CartMergeNotice() {
  const adjusted = useMergeNotice();
  if (adjusted.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose: dismissMergeNotice, 'aria-label': '关闭' }}
      title="登录前加入购物车的部分商品已调整"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {adjusted.map((l) => (
            <li key={l.goods_id}>{adjustedText(l)}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
