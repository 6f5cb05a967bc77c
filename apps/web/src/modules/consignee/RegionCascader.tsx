import { DownOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { CascadeOption } from '@portal/contract/divisions';
import { Cascader } from 'antd';
import { useCallback, useRef } from 'react';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';

const PLACEHOLDER_CITIES = new Set([
  '县',
  '市辖区',
  '省直辖县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);

/** The picked path as a person writes it: 北京市 / 海淀区, 重庆市 / 城口县, 浙江省 / 杭州市 / 西湖区. */
export function regionLabel(labels: string[]) {
  const [province, city, district] = labels;
  return [province, city && city !== province && !PLACEHOLDER_CITIES.has(city) ? city : undefined, district]
    .filter(Boolean)
    .join(' / ');
}

/** Without the level words, so 杭州西湖 finds 杭州市 / 西湖区. */
const bareText = (s: string) => s.replace(/[省市区县\s]/g, '');

/**
 * Typed search: the whole path as written (杭州市西湖区), without its level words (杭州西湖), or
 * words each found in the path (杭州 西湖). antd's own matches one name at a time.
 */
export function regionMatches(input: string, path: { label?: unknown }[]) {
  const labels = path.map((o) => String(o.label ?? ''));
  const text = input.trim();
  const joined = labels.join('');
  if (joined.includes(text.replace(/\s+/g, ''))) return true;
  const bare = bareText(text);
  if (bare.length >= 2 && bareText(joined).includes(bare)) return true;
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 1 && words.every((w) => labels.some((l) => l.includes(w)));
}

/**
 * What antd's Cascader leaves out for assistive technology, added to its menus as they are drawn:
 * the element its input names in `aria-controls` (`<id>_list`, which antd never renders), a
 * `tabindex` on each scrolling column (axe: a scrolling region must take focus; the popup sits
 * outside the dialog's focus loop, so Tab never stops there, and the input's arrow keys scroll it), and `aria-activedescendant` on the input for the option the arrow
 * keys reached, so it is read out.
 */
function useMenuAccessibility(id: string | undefined) {
  const observer = useRef<MutationObserver | null>(null);
  const popupRef = useCallback(
    (popup: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!popup || !id) return;
      const sync = () => {
        for (const menu of popup.querySelectorAll<HTMLElement>('.ant-cascader-menu'))
          if (!menu.hasAttribute('tabindex')) menu.tabIndex = 0;
        for (const item of popup.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')) {
          const key = item.dataset.pathKey;
          if (key && !item.id) item.id = `${id}_option_${key.replace(/\W+/g, '_')}`;
        }
        const input = document.getElementById(id);
        const active = [...popup.querySelectorAll<HTMLElement>('.ant-cascader-menu-item-active')].pop();
        if (!input) return;
        if (active?.id && input.getAttribute('aria-expanded') === 'true')
          input.setAttribute('aria-activedescendant', active.id);
        else input.removeAttribute('aria-activedescendant');
      };
      sync();
      observer.current = new MutationObserver(sync);
      observer.current.observe(popup, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    },
    [id],
  );
  const closed = useCallback(() => {
    if (id) document.getElementById(id)?.removeAttribute('aria-activedescendant');
  }, [id]);
  return { popupRef, closed };
}

/**
 * 所在地区: 省 › 市 › 区县 from the national divisions, values are their codes. Typing searches
 * the whole tree ("西湖" → 浙江省 / 杭州市 / 西湖区); the arrow keys walk the columns and Enter
 * picks. Loaded with the address dialog only (its chunk carries antd's Cascader).
 */
export default function RegionCascader({
  id,
  value,
  onChange,
  options,
}: {
  id?: string | undefined;
  value?: string[] | undefined;
  onChange?: ((codes: string[]) => void) | undefined;
  options: CascadeOption[] | undefined;
}) {
  const { popupRef, closed } = useMenuAccessibility(id);
  return (
    <Cascader
      id={id}
      value={value}
      onChange={(codes) => onChange?.((codes ?? []) as string[])}
      options={options}
      loading={!options}
      // antd names its icons in English ("right", "down"): these are decoration.
      expandIcon={<RightOutlined aria-hidden />}
      suffixIcon={options ? <DownOutlined aria-hidden /> : <LoadingOutlined spin aria-hidden />}
      allowClear={CLEARABLE}
      placeholder={options ? '请选择省 / 市 / 区县，可输入搜索' : '正在加载地区…'}
      showSearch={{ limit: 50, filter: regionMatches }}
      displayRender={regionLabel}
      notFoundContent="没有找到该地区"
      classNames={{ popup: { root: 'consignee-region-popup' } }}
      popupRender={(menus) => (
        <div id={id ? `${id}_list` : undefined} ref={popupRef}>
          {menus}
        </div>
      )}
      onOpenChange={(open) => {
        if (!open) closed();
      }}
      style={{ width: '100%' }}
    />
  );
}
