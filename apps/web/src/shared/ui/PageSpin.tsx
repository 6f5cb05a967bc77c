import { Spin } from 'antd';

/** The loading state of a whole page or panel. */
export function PageSpin({ description = '加载中…' }: { description?: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Spin size="large" description={description} />
    </div>
  );
}
