import { Result } from 'antd';

/** Shown to Internet Explorer 9 and older (spec §1, §8). */
export function BrowserWarningPage() {
  return (
    <Result
      status="warning"
      title="您的浏览器版本过低"
      subTitle="为了获得最佳体验，建议您使用最新版的 Chrome、IE 或 Firefox 浏览器。"
    />
  );
}
