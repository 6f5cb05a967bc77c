import {
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  BulbOutlined,
  CameraOutlined,
  CarOutlined,
  CloudOutlined,
  CoffeeOutlined,
  ContainerOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  GiftOutlined,
  GlobalOutlined,
  HeartOutlined,
  HomeOutlined,
  InboxOutlined,
  LaptopOutlined,
  MedicineBoxOutlined,
  MobileOutlined,
  PrinterOutlined,
  ReadOutlined,
  RestOutlined,
  RocketOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SkinOutlined,
  SmileOutlined,
  StarOutlined,
  TagOutlined,
  TagsOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { ComponentType } from 'react';

/** The icons offered for a category; any other text (an icon name or an image URL) is kept as is. */
export const CATEGORY_ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  ShopOutlined,
  ShoppingOutlined,
  ShoppingCartOutlined,
  GiftOutlined,
  TagOutlined,
  TagsOutlined,
  SkinOutlined,
  MobileOutlined,
  LaptopOutlined,
  DesktopOutlined,
  CameraOutlined,
  PrinterOutlined,
  CarOutlined,
  HomeOutlined,
  BookOutlined,
  ReadOutlined,
  CoffeeOutlined,
  RestOutlined,
  MedicineBoxOutlined,
  HeartOutlined,
  StarOutlined,
  CrownOutlined,
  TrophyOutlined,
  ToolOutlined,
  BulbOutlined,
  ThunderboltOutlined,
  CustomerServiceOutlined,
  ExperimentOutlined,
  RocketOutlined,
  SmileOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  DatabaseOutlined,
  ContainerOutlined,
  InboxOutlined,
  BankOutlined,
  WalletOutlined,
  ApiOutlined,
  CloudOutlined,
};

const isUrl = (s: string) => /^(https?:)?\/\//.test(s) || s.startsWith('/');

export function CategoryIcon({ name }: { name: string }) {
  if (!name) return <Typography.Text type="secondary">—</Typography.Text>;
  const Icon = CATEGORY_ICONS[name];
  if (Icon) {
    return (
      <span role="img" aria-label={name} title={name} style={{ fontSize: 18 }}>
        <Icon />
      </span>
    );
  }
  if (isUrl(name))
    return <img src={name} alt="分类图标" width={20} height={20} style={{ objectFit: 'contain' }} />;
  return <Typography.Text code>{name}</Typography.Text>;
}

export const iconOptions = Object.entries(CATEGORY_ICONS).map(([name, Icon]) => ({
  value: name,
  label: (
    <Space>
      <Icon />
      {name}
    </Space>
  ),
}));
