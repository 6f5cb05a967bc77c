import { AndroidOutlined, AppleOutlined, DownloadOutlined } from '@ant-design/icons';
import { APP_PLATFORMS, type AppPlatform, Codes } from '@portal/contract';
import { Button, Empty, Skeleton } from 'antd';
import { isApiError } from '#web/shared/api/client.ts';
import { formatDate } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useCompany } from '#web/shared/useCompany.ts';
import { FinderPage } from './FinderParts.tsx';
import { QrCard } from './QrCard.tsx';
import { absoluteUrl, noteLines, releaseDownload } from './qr.ts';
import { useAppVersion } from './useFinder.ts';
import './finder.css';

const ICONS: Record<AppPlatform, typeof AndroidOutlined> = { android: AndroidOutlined, ios: AppleOutlined };

function Release({ platform }: { platform: AppPlatform }) {
  const version = useAppVersion(platform);
  const name = APP_PLATFORMS[platform];
  const Icon = ICONS[platform];
  const title = `${name} 客户端`;

  if (version.isPending) {
    return (
      <section className="qr-card shop-panel" aria-label={title} aria-busy>
        <h2 className="qr-card-title">
          <Icon aria-hidden /> {title}
        </h2>
        <Skeleton active paragraph={{ rows: 6 }} />
      </section>
    );
  }
  if (!version.data) {
    const none = isApiError(version.error) && version.error.c === Codes.APP_VERSION_NONE.c;
    return (
      <section className="qr-card shop-panel" aria-label={title}>
        <h2 className="qr-card-title">
          <Icon aria-hidden /> {title}
        </h2>
        {none ? (
          <Empty description={Codes.APP_VERSION_NONE.m} />
        ) : (
          <QueryEmpty query={version} description="" />
        )}
      </section>
    );
  }
  const v = version.data;
  const download = releaseDownload(v);
  const release = (
    <div className="app-release">
      <p className="app-release-meta">
        版本 <strong>{v.version}</strong> · 构建 {v.build} · {formatDate(v.released_at)} 发布
      </p>
      <h3 className="sr-only">更新内容</h3>
      <ul className="app-release-notes" aria-label={`${name} 更新内容`}>
        {noteLines(v.notes).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
  // No package put up: the release is told, but nothing offers a download that would not be one.
  if (!download)
    return (
      <section className="qr-card shop-panel" aria-label={title}>
        <h2 className="qr-card-title">
          <Icon aria-hidden /> {title}
        </h2>
        {release}
        <p className="app-release-none">安装包尚未上传，暂不提供下载，请联系商家获取。</p>
      </section>
    );
  const url = absoluteUrl(download, window.location.origin);
  return (
    <QrCard title={title} url={url} extra={<Icon aria-hidden />}>
      {release}
      <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={download} size="large">
        {platform === 'ios' ? '前往下载' : '下载安装包'}
      </Button>
      <p className="app-release-meta" style={{ margin: 0 }}>
        或用手机扫描二维码下载
      </p>
    </QrCard>
  );
}

/** `/app`: the newest release of each platform, its notes, a download button and a scannable QR code. */
export function AppDownloadPage() {
  const company = useCompany();
  const name = company.data?.company_name ?? '';
  return (
    <FinderPage
      title="App 下载"
      description={`${name || '企业门户'} App：Android 与 iOS 客户端的最新版本与下载。`}
      heading="下载 App"
      intro="随时随地逛商城、查订单、参加实训。以下是各手机系统客户端的最新版本；商家上传了安装包的，可点击下载或扫码安装。"
    >
      <div className="finder-grid finder-grid--wide">
        <Release platform="android" />
        <Release platform="ios" />
      </div>
    </FinderPage>
  );
}
