import type { adminSettingsEn } from '../en/admin-settings';
import type { TranslationOf } from '../translation-of';

/** Simplified Chinese for en/admin-settings.ts; its type makes the compiler name any key missing or extra. */
export const adminSettingsZhCN: TranslationOf<typeof adminSettingsEn> = {
  settings: {
    title: '系统设置', intro: '运行时设置：保存在数据库中，一秒内在所有实例生效。',
    adminTwoFactorRequired: '要求管理员开启两步验证', adminTwoFactorRequiredHint: '未设置身份验证器应用的管理员在设置之前只能进行设置。',
    registrationOpen: '开放注册', emailVerificationRequired: '注册赠送额度和创建 API 密钥前需验证邮箱',
    mailTransport: '邮件发送方式：{{transport}}（log = 邮件只写入服务器日志；设置 SMTP_URL 后才会真正发送）。',
    signupGrant: '注册赠送额度', checkInAmount: '每日签到额度', units: '额度单位。',
    defaultTimezone: '默认时区', timezoneHint: 'IANA 时区名，如 UTC 或 Asia/Shanghai；用于未设置时区的用户。',
    timezoneInvalid: '未知时区；请使用 IANA 时区名，如 UTC 或 Asia/Shanghai。',
    defaultRpm: '默认每分钟请求数', defaultRpmHint: '用于未单独设置限额的 API 密钥；0 = 不限。',
    defaultMaxConcurrentPerKey: '每个密钥并发请求数', defaultMaxConcurrentPerKeyHint: '用于未单独设置并发数的 API 密钥；0 = 不限。',
    maxConcurrentPerUser: '每个用户并发请求数', maxConcurrentPerUserHint: '合计该用户的全部密钥；0 = 不限。',
    affinityTtlSeconds: '提示缓存亲和（秒）', affinityTtlSecondsHint: '一个会话在上次服务它的渠道和密钥上保留多久，那里的厂商提示缓存保存着它的前缀（厂商约保留 5 分钟：300）。0 关闭亲和。下一个请求即生效。',
    maxRpmPerUser: '每个用户每分钟请求数', maxRpmPerUserHint: '合计该用户的全部密钥；0 = 不限。',
    displayCurrency: '显示货币', currencyInvalid: '请使用三个大写字母的代码，如 USD 或 CNY。',
    quotaPerUnit: '每单位货币对应额度', quotaPerUnitHint: '显示为 1 {{currency}} 的额度单位数；仅用于显示。',
    updatedAt: '最近修改：',
  },
  signInProviders: {
    intro: '用户可以用这些第三方账户登录和注册：每个启用的提供方都会在登录页和注册页显示一个“使用 … 继续”按钮。请在提供方处登记下面显示的回调地址（见文档“使用 GitHub、Google 或任意 OpenID Connect 提供方登录”）。客户端密钥加密保存，保存后不再显示。',
    addTitle: '添加登录提供方', editTitle: '编辑 {{name}}', add: '添加', delete: '删除',
    deleteQuestion: '删除 {{name}}？仍有用户绑定时会被拒绝，可改为停用。',
    redirectUrl: '需登记的回调地址：', secretSet: '已保存密钥', secretUnset: '未设置密钥',
    kind: { OIDC: 'OpenID Connect', GITHUB: 'GitHub', OAUTH2: 'OAuth 2.0' },
    field: {
      slug: '标识', kind: '类型', displayName: '按钮名称', clientId: '客户端 ID', clientSecret: '客户端密钥', enabled: '启用',
      issuer: 'Issuer 地址', authorizeUrl: '授权地址', tokenUrl: '令牌地址', userInfoUrl: '用户信息地址', apiUrl: 'API 地址',
      scopes: '权限范围', subjectField: '用户 ID 字段', emailField: '邮箱字段', emailVerifiedField: '邮箱已验证字段',
      trustEmailVerified: '将该提供方返回的所有邮箱视为已验证',
    },
    hint: {
      slug: 'a-z、0-9 和 -；是回调地址的一部分，创建后不可修改', displayName: '按钮显示“使用 <名称> 继续”',
      clientSecret: '只写：加密保存，不会再显示', clientSecretKept: '已保存密钥：留空则保留，填写则替换',
      issuer: '例如 https://accounts.google.com', authorizeUrl: 'GitHub：仅 GitHub Enterprise 需要', tokenUrl: 'GitHub：仅 GitHub Enterprise 需要',
      userInfoUrl: '以 JSON 返回当前登录用户', apiUrl: '仅 GitHub Enterprise；默认 https://api.github.com',
      scopes: '以空格分隔；留空使用该类型的默认值', subjectField: '默认 id；可用点号访问嵌套字段', emailField: '默认 email',
      emailVerifiedField: '邮箱已验证时为 true 的字段',
      trustEmailVerified: '仅适用于会确认所发放的每个邮箱的提供方；否则其邮箱一律不视为已验证',
    },
  },
  announcements: {
    title: '公告', titleLabel: '标题', body: '正文', bodyHint: '支持 Markdown：**粗体**、列表、[链接](https://example.com)。不显示 HTML。',
    startsAt: '开始显示', startsAtHint: '留空：立即', expiresAt: '显示至', expiresAtHint: '留空：直到删除',
    publish: '发布', delete: '删除', deleteQuestion: '确定永久删除此公告？', noExpiry: '无截止',
    active: '显示中', scheduled: '待发布', expired: '已过期',
  },
};
