import type { MicrositeLocale } from '@portal/contract';

/** Every interface word of the microsite template, in Chinese and in English (`/dzcen`). */
const zh = {
  about: '关于我们',
  highlights: '企业优势',
  products: '产品中心',
  news: '新闻动态',
  contact: '联系我们',
  portalHome: '门户首页',
  menu: '栏目导航',
  noGoods: '暂无商品',
  noNews: '暂无新闻',
  loadFailed: '加载失败，请检查网络后重试',
  retry: '重试',
  loading: '加载中',
  notFound: '站点不存在',
  notFoundText: '您访问的企业微站不存在或已关闭。',
  backHome: '返回首页',
  phone: '电话',
  mobile: '手机',
  email: '邮箱',
  address: '地址',
  icp: '备案号',
  shop: '店铺',
  sold: '已售',
  soldOut: '已售罄',
  stock: '库存',
  isNew: '新品',
  recommended: '推荐',
  noImage: '暂无图片',
  backToSite: '返回首页',
  backToNews: '返回新闻动态',
  backToProducts: '返回产品中心',
  published: '发布于',
  price: '价格',
  specs: '规格参数',
  details: '商品详情',
  enquire: '联系我们订购',
  articleMissing: '文章不存在或已下线',
  goodsMissing: '商品不存在或已下架',
  previous: '上一篇',
  next: '下一篇',
} as const;

type Dictionary = { [K in keyof typeof zh]: (typeof zh)[K] extends string ? string : (typeof zh)[K] };

const en: Dictionary = {
  about: 'About us',
  highlights: 'Why choose us',
  products: 'Products',
  news: 'News',
  contact: 'Contact us',
  portalHome: 'Portal home',
  menu: 'Sections',
  noGoods: 'No products yet',
  noNews: 'No news yet',
  loadFailed: 'Failed to load. Check your network and try again',
  retry: 'Retry',
  loading: 'Loading',
  notFound: 'Site not found',
  notFoundText: 'The company site you asked for does not exist or has been closed.',
  backHome: 'Back to home',
  phone: 'Phone',
  mobile: 'Mobile',
  email: 'Email',
  address: 'Address',
  icp: 'ICP record',
  shop: 'Shop',
  sold: 'Sold',
  soldOut: 'Sold out',
  stock: 'In stock',
  isNew: 'New',
  recommended: 'Featured',
  noImage: 'No image',
  backToSite: 'Back to home',
  backToNews: 'Back to news',
  backToProducts: 'Back to products',
  published: 'Published',
  price: 'Price',
  specs: 'Specifications',
  details: 'Details',
  enquire: 'Contact us to order',
  articleMissing: 'This article does not exist or has been withdrawn',
  goodsMissing: 'This product does not exist or is no longer for sale',
  previous: 'Previous',
  next: 'Next',
};

export type MicrositeText = Dictionary;

export function textFor(locale: MicrositeLocale): MicrositeText {
  return locale === 'en' ? en : zh;
}

/** The language of the microsite's news (`lang` of the cms calls). */
export const newsLang = (locale: MicrositeLocale) => (locale === 'en' ? 'en' : 'zh');

/** The Chinese interface words: the English site must show none of them (the e2e test reads this). */
export const CHINESE_WORDS: readonly string[] = Object.values(zh as Record<string, unknown>).filter(
  (v): v is string => typeof v === 'string',
);
