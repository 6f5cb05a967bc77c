import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BranchesOutlined,
  CarOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  FireOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MessageOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RedEnvelopeOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TrademarkOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The icons the route table names (`icon: 'ShopOutlined'`). Only the side menu imports this
 * module, so the icons load with the area frame, not with the entry every visitor downloads.
 * Add an icon here when a table entry names a new one.
 */
export const MENU_ICONS = {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BranchesOutlined,
  CarOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  FireOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MessageOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RedEnvelopeOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TrademarkOutlined,
  UserOutlined,
};

export type MenuIconName = keyof typeof MENU_ICONS;
