import type { PublicBulkGoods } from '@portal/contract';
import { Pagination, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { TierTable } from './TierTable.tsx';
import { usePublicBulkGoods, usePublicBulkTree } from './useBulkGoods.ts';
import './bulk-catalogue.css';

/** Goods per page of the public list. */
export const BULK_PAGE_SIZE = 6;

const WORDS = {
  zh: {
    title: '大宗采购',
    intro: '以下商品支持大宗采购，采购量越大单价越低。价格为含税参考价，具体请询价。',
    categories: '大宗分类',
    all: '全部',
    moq: '起订量',
    inquire: '询价',
    inquireAbout: (name: string) => `询价：${name}`,
    empty: '暂无大宗采购商品',
    failed: '加载失败，请检查网络后重试',
    retry: '重试',
    loading: '加载中',
    paging: '大宗采购商品分页',
  },
  en: {
    title: 'Bulk procurement',
    intro:
      'These products are sold in bulk: the more you buy, the lower the unit price. Prices are for reference; ask us for a quote.',
    categories: 'Categories',
    all: 'All',
    moq: 'MOQ',
    inquire: 'Inquire',
    inquireAbout: (name: string) => `Inquire about ${name}`,
    empty: 'No bulk products yet',
    failed: 'Failed to load. Please check your network and try again.',
    retry: 'Retry',
    loading: 'Loading',
    paging: 'Bulk products pages',
  },
};

/** The section's title (the site's menu names it too). */
export const bulkSectionTitle = (lang: 'zh' | 'en') => WORDS[lang].title;

function BulkCard({ goods, lang }: { goods: PublicBulkGoods; lang: 'zh' | 'en' }) {
  const w = WORDS[lang];
  const titleId = `bulk-goods-${goods.id}`;
  return (
    <li className="bulk-card" aria-labelledby={titleId}>
      {goods.image ? (
        <img src={goods.image} alt="" width={120} height={120} className="bulk-card-img" loading="lazy" />
      ) : (
        <span className="bulk-card-img bulk-card-img--empty" aria-hidden />
      )}
      <div className="bulk-card-body">
        <h3 id={titleId} className="bulk-card-title">
          {goods.name}
        </h3>
        <p className="bulk-card-meta">
          {[goods.code, goods.spec_text].filter(Boolean).join(' · ')}
          {goods.code || goods.spec_text ? ' · ' : ''}
          {w.moq} {goods.min_qty} {goods.unit}
        </p>
        <TierTable tiers={goods.tiers} unit={goods.unit} lang={lang} />
        <a href="#contact" className="bulk-card-inquire" aria-label={w.inquireAbout(goods.name)}>
          {w.inquire}
        </a>
      </div>
    </li>
  );
}

/**
 * The bulk catalogue of a microsite's company (`/dzc`, `/dzcen`; ADR 0026): its goods on sale with
 * their tiers (采购量 / 单价), a filter by top-level bulk category, paging, and 询价 leading to the
 * site's contact section. English words on an English site.
 */
export function BulkCatalogueSection({ companyId, lang }: { companyId: number; lang: 'zh' | 'en' }) {
  const w = WORDS[lang];
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const tree = usePublicBulkTree(companyId);
  const goods = usePublicBulkGoods(companyId, categoryId, page, BULK_PAGE_SIZE);
  const list = goods.data?.results ?? [];
  const tops = tree.data ?? [];
  return (
    <section className="ms-section" id="products" aria-labelledby="products-title">
      <h2 id="products-title" className="ms-section-title">
        {w.title}
      </h2>
      <p className="bulk-intro">{w.intro}</p>
      {tops.length > 0 && (
        <Radio.Group
          aria-label={w.categories}
          optionType="button"
          className="bulk-filter"
          value={categoryId ?? 0}
          onChange={(e) => {
            const v = Number(e.target.value);
            setCategoryId(v === 0 ? undefined : v);
            setPage(1);
          }}
          options={[{ value: 0, label: w.all }, ...tops.map((c) => ({ value: c.id, label: c.name }))]}
        />
      )}
      {goods.isPending ? (
        <div className="ms-panel" role="status" aria-busy="true" aria-label={w.loading}>
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : list.length > 0 ? (
        <>
          <ul className="bulk-grid">
            {list.map((g) => (
              <BulkCard key={g.id} goods={g} lang={lang} />
            ))}
          </ul>
          {(goods.data?.paging.num_pages ?? 1) > 1 && (
            <nav aria-label={w.paging} className="bulk-paging">
              <Pagination
                current={page}
                pageSize={BULK_PAGE_SIZE}
                total={goods.data?.paging.count ?? 0}
                showSizeChanger={false}
                onChange={setPage}
              />
            </nav>
          )}
        </>
      ) : (
        <div className="ms-empty">
          <QueryEmpty query={goods} description={w.empty} failed={w.failed} retry={w.retry} simple />
        </div>
      )}
    </section>
  );
}
