import { DownloadOutlined } from '@ant-design/icons';
import { Button, QRCode, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { downloadCanvas, qrFileName } from './qr.ts';

/**
 * A QR code drawn in the browser (antd QRCode on a canvas; nothing is sent anywhere), the address it
 * holds as copyable text, and a PNG download. Black on white with a quiet zone, so the saved file
 * scans when printed.
 */
export function QrCard({
  title,
  url,
  extra,
  children,
}: {
  title: string;
  url: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (canvas) downloadCanvas(canvas, qrFileName(title));
  };
  return (
    <section className="qr-card shop-panel" aria-label={title}>
      <h2 className="qr-card-title">
        {title}
        {extra}
      </h2>
      {children}
      <div className="qr-card-code" ref={box}>
        <QRCode
          value={url}
          type="canvas"
          size={176}
          marginSize={2}
          color="#000000"
          bgColor="#ffffff"
          bordered={false}
          errorLevel="M"
          role="img"
          aria-label={`${title}二维码`}
        />
      </div>
      <Typography.Text className="qr-card-link" copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}>
        {url}
      </Typography.Text>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
        下载 PNG
      </Button>
    </section>
  );
}
