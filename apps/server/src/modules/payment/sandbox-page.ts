import { yuan } from './payment.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
body{margin:0;font:16px/1.6 "PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:480px;margin:40px auto;padding:24px;background:#fff;border-radius:8px}
h1{font-size:22px;margin:0 0 4px}
.note{color:#ad4e00;background:#fff7e6;padding:8px 12px;border-radius:4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#595959}dd{margin:0}
.amount{font-size:28px;color:#cf1322;font-weight:600}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button,a.back{font:inherit;padding:8px 20px;border-radius:6px;text-decoration:none}
button{background:#0958d9;color:#fff;border:0;cursor:pointer}
a.back{color:#0958d9;border:1px solid #0958d9;text-decoration:underline}
:focus-visible{outline:3px solid #0958d9;outline-offset:2px}
@media (max-width:520px){main{margin:0;border-radius:0}}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The test provider's pay page: what is paid, to whom, and 确认支付 / 取消支付. */
export function sandboxPayPage(input: {
  params: Record<string, string>;
  shopName: string;
  amountCents: number;
  action: string;
}) {
  const hidden = Object.entries(input.params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    '支付沙箱 - 确认支付',
    `<h1>支付沙箱</h1>
<p class="note">测试环境：确认后订单即视为已支付，不会真实扣款。</p>
<dl><dt>收款方</dt><dd>${escapeHtml(input.shopName)}</dd>
<dt>商品说明</dt><dd>${escapeHtml(input.params.subject ?? '')}</dd>
<dt>订单号</dt><dd>${escapeHtml(input.params.order_no ?? '')}</dd>
<dt>支付金额</dt><dd class="amount">${escapeHtml(yuan(input.amountCents))}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}">${hidden}
<div class="actions"><button type="submit">确认支付</button>
<a class="back" href="${escapeHtml(input.params.return_url ?? '/')}">取消支付，返回商城</a></div></form>`,
  );
}
