import { AGREEMENT_VERSION } from '@portal/contract/constants';
import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Who the member deals with: the company of the site (its name and how to reach it). */
export interface AgreementParty {
  name: string;
  phone: string;
  email: string;
  address: string;
}

export type AgreementKind = 'terms' | 'privacy';

export const AGREEMENT_TITLES: Record<AgreementKind, string> = { terms: '用户协议', privacy: '隐私政策' };

const contactOf = (p: AgreementParty) =>
  [p.phone && `电话 ${p.phone}`, p.email && `邮箱 ${p.email}`, p.address && `地址 ${p.address}`]
    .filter(Boolean)
    .join('，') || '本站“联系我们”页面所列方式';

/**
 * The 用户协议 and 隐私政策 a member accepts at registration (version AGREEMENT_VERSION, recorded by
 * the server with the time). They describe what this system does: what it stores, why, for how
 * long, who else sees it. Change the texts together with AGREEMENT_VERSION.
 */
export function agreementSections(kind: AgreementKind, party: AgreementParty): [string, ReactNode][] {
  const contact = contactOf(party);
  if (kind === 'terms')
    return [
      [
        '一、协议双方',
        `本协议是您与${party.name}（以下简称“本站”）之间关于注册、登录和使用本站商城服务的约定。您勾选同意并完成注册，即表示已阅读并接受本协议和《隐私政策》。`,
      ],
      [
        '二、账号',
        '您以本人手机号和短信验证码注册，手机号即为登录用户名。请妥善保管密码，不要把账号转借他人；通过您的账号进行的操作视为您本人的操作。发现账号被盗用请立即修改密码并联系本站。',
      ],
      [
        '三、购买与付款',
        '商品的价格、库存和优惠以下单时页面显示和订单记录为准；订单在规定的付款期限内未付款会自动取消，库存和优惠券随之退回。选择银行转账时，请按订单页面显示的收款账户转账并在附言中注明订单号，上传的转账凭证仅用于核对到账。',
      ],
      [
        '四、发货、收货与售后',
        '本站确认收款后安排发货，发货后订单显示物流公司和运单号。请在收到商品后确认收货；需要退款或售后请联系本站客服，退款按原支付方式办理。',
      ],
      [
        '五、您的义务',
        '请提供真实、准确的收货信息；不得利用本站从事违法活动，不得发布侵犯他人权益的评价或留言，不得以技术手段干扰本站正常运行。违反的，本站可以删除相关内容、限制或停用账号。',
      ],
      [
        '六、协议的变更和终止',
        '本协议更新时，本站会在您下次登录或下单时提示；您可以随时联系本站注销账号，注销后订单记录按法律要求保存。',
      ],
      ['七、联系我们', `如对本协议有疑问，请联系${party.name}：${contact}。`],
    ];
  return [
    [
      '一、我们收集的信息',
      <ul key="collect">
        <li>注册和登录：手机号、密码（只保存不可还原的摘要）、您填写的姓名和邮箱；</li>
        <li>购物：收货人、手机号和地址，购物车、收藏、订单、评价，以及您上传的转账凭证；</li>
        <li>安全：登录时间、IP 地址和浏览器信息（用于异常登录提醒和防止撞库），短信验证码的发送记录；</li>
        <li>必要的 Cookie：保存登录状态，不用于广告追踪。</li>
      </ul>,
    ],
    [
      '二、我们如何使用',
      '上述信息只用于：为您开设和保护账号、处理订单和发货、核对付款、售后服务、向您发送验证码和订单通知，以及满足法律法规的要求。',
    ],
    [
      '三、共享与委托处理',
      '发货时收货信息会提供给承运的快递公司；验证码和通知短信通过短信服务商发送。除此之外，未经您同意或法律要求，我们不会向第三方提供您的个人信息。',
    ],
    [
      '四、保存期限',
      '账号信息保存至您注销账号；订单和付款记录按《电子商务法》要求自交易完成之日起保存不少于三年；登录记录和验证码记录在完成安全用途后删除。',
    ],
    [
      '五、您的权利',
      `您可以在“个人中心”查看和修改个人资料、收货地址，查看自己的登录记录；如需复制、更正、删除个人信息或注销账号，请联系我们，我们将在十五个工作日内处理。`,
    ],
    [
      '六、安全',
      '我们采用传输加密、密码摘要存储、登录失败锁定、按单位隔离数据和最小权限访问等措施保护您的信息。',
    ],
    ['七、联系我们', `个人信息保护相关事宜请联系${party.name}：${contact}。`],
  ];
}

/** One of the two documents in a dialog; focus returns to the link that opened it. */
export function AgreementModal({
  kind,
  party,
  onClose,
}: {
  kind: AgreementKind | null;
  party: AgreementParty;
  onClose: () => void;
}) {
  return (
    <Modal
      open={kind !== null}
      title={kind ? `${AGREEMENT_TITLES[kind]}（${AGREEMENT_VERSION} 版）` : ''}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {kind && (
        <div className="agreement-text">
          {agreementSections(kind, party).map(([heading, body]) => (
            <section key={heading}>
              <Typography.Title level={5}>{heading}</Typography.Title>
              {typeof body === 'string' ? <Typography.Paragraph>{body}</Typography.Paragraph> : body}
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
