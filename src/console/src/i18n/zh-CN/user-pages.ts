import type { userPagesEn } from '../en/user-pages';
import type { TranslationOf } from '../translation-of';

/** Simplified Chinese for en/user-pages.ts; its type makes the compiler name any key missing or extra. */
export const userPagesZhCN: TranslationOf<typeof userPagesEn> = {
  playground: {
    title: '体验场', intro: '试用你可用的模型。调用与任何客户端一样发往 /v1，并同样计费。',
    temporaryKey: '临时密钥', ownKey: '我的密钥', temporaryKeyNote: '为本页面创建的密钥：离开时吊销，且无论如何一小时内过期。',
    chat: '对话', image: '图像', speech: '语音', model: '模型', noModels: '没有此类模型', needKeyAndModel: '请选择模型和密钥后开始。',
    you: '你', message: '消息', send: '发送', stop: '停止', tokens: '输入 {{prompt}} / 输出 {{completion}} tokens', cost: '费用',
    imagePrompt: '描述图像', generateImage: '生成', noImage: '回答中没有图像。',
    speechInput: '要朗读的文字', voice: '音色', synthesize: '合成',
  },
  dashboard: {
    title: '概览', totalBalance: '总余额', freeQuota: '免费额度', checkIn: '每日签到',
    checkedInToday: '今日已签到', notCheckedIn: '今日尚未签到', streak_one: '连续签到 {{count}} 天',
    streak_other: '连续签到 {{count}} 天', checkInButton: '签到', checkedInGained: '签到成功：+{{amount}}',
    subscriptions: '订阅', noSubscriptions: '暂无有效订阅。SVIP 模型需要订阅，请前往“套餐与订单”。',
    endsAt: '到期', remaining: '剩余', usage30: '近 30 天用量（按模型的每日费用）',
    requestsTotal_one: '{{count}} 次请求', requestsTotal_other: '{{count}} 次请求', noUsage: '近 30 天没有请求。',
  },
  quickStart: {
    title: '快速开始', intro: '任何兼容 OpenAI 的客户端都可使用：设置接口地址、密钥和模型即可。',
    baseUrl: '接口地址', keyHint: '将 sk-... 替换为“API 密钥”页面中的密钥。',
  },
  keys: {
    title: 'API 密钥', create: '创建密钥', edit: '编辑密钥', name: '名称', key: '密钥', group: '分组', status: '状态',
    used: '已用 / 上限', expires: '过期时间', expiresHint: '留空表示永不过期。', lastUsed: '最近使用', never: '永不',
    quotaCap: '消费上限（美元）', quotaCapHint: '留空表示不限。', rpm: '每分钟请求数', rpmHint: '留空使用默认值；0 表示不限。',
    maxConcurrent: '并发请求数', maxConcurrentHint: '同时进行的请求数，最多 100,000。留空使用默认值；0 表示不单独限制。',
    limits: '限制', limitsText: '每分钟 {{rpm}} · 并发 {{concurrent}}', byDefault: '默认', unlimited: '不限',
    budget: '预算', budgetRemaining: '剩余', budgetResets: '重置于', budgetPeriods: { DAY: '今日', WEEK: '本周', MONTH: '本月' },
    allowedModels: '允许的模型', allowedIps: '允许的 IP 地址', listHint: '用逗号分隔；留空表示全部允许。',
    createdTitle: '您的新 API 密钥', shownOnce: '请立即复制：密钥只显示这一次，之后无法找回。',
    copyKey: '复制密钥', revoke: '吊销', revokeConfirm: '确定吊销“{{name}}”吗？使用它的应用将立即失效，且无法恢复。',
    revoked: '密钥已吊销。', statuses: { ACTIVE: '启用', DISABLED: '停用', REVOKED: '已吊销' },
  },
  models: {
    title: '模型与价格', all: '全部', free: '免费', tier: '等级', model: '模型', type: '类型', input: '输入 / 百万 tokens',
    output: '输出 / 百万 tokens', perMinute: '每音频分钟', perSearchUnit: '每搜索单位', perRequest: '每次请求', deprecated: '已弃用',
    needsSubscription: '需要订阅', priceNote: '价格按显示汇率折算为美元；您的分组可能有倍率。鼠标悬停可查看额度单位。',
    types: { CHAT: '对话', REASONING: '推理', EMBEDDING: '向量嵌入', SPEECH_TO_TEXT: '语音转文字', IMAGE: '图像', TEXT_TO_SPEECH: '语音合成', MODERATION: '内容审核' },
    allTypes: '全部类型', typeFilter: '模型类型', perImage: '每张图', perMillionCharacters: '每百万字符',
    textIn: '文本输入', imageIn: '图像输入', imageOut: '图像输出', audioOut: '音频输出', perMillionTokens: '每百万 tokens', freeOfCharge: '免费',
  },
  billing: {
    title: '套餐与订单', buy: '购买', duration_one: '{{count}} 天', duration_other: '{{count}} 天', includes: '包含',
    orderCreated: '订单已创建，付款方式见下方。', pendingTitle: '等待付款',
    howToPay: '订单 #{{id}}（{{name}}，{{amount}}）：请按运营方提供的方式付款并注明订单号，确认收款后立即生效。',
    payWith: '支付方式', payNow: '立即支付', payOnline: '订单 #{{id}}（{{name}}，{{amount}}）等待付款。',
    qrCode: '扫码支付：', expires: '未付款订单过期时间',
    orders: '历史订单', package: '套餐', amount: '金额', status: '状态', created: '创建时间', paid: '付款时间',
    statuses: { PENDING: '待付款', PAID: '已付款', CANCELLED: '已取消', REFUNDED: '已退款' },
  },
  usage: {
    title: '调用日志', exportCsv: '导出 CSV', exportFailed: '导出失败：{{reason}}', key: '密钥', anyKey: '全部密钥',
    model: '模型', outcome: '结果', anyOutcome: '全部结果', from: '开始日期', to: '结束日期', time: '时间', tokens: '输入 / 输出 tokens',
    cost: '费用', latency: '耗时', images_one: '{{count}} 张图', images_other: '{{count}} 张图',
    characters_one: '{{count}} 个字符', characters_other: '{{count}} 个字符',
    outcomes: {
      SUCCESS: '成功', REJECTED: '已拒绝', UPSTREAM_ERROR: '上游错误', UPSTREAM_TIMEOUT: '上游超时',
      UPSTREAM_FAILED_MID_STREAM: '流式中断', CLIENT_ABORTED: '客户端中止', NO_CHANNEL: '无可用渠道',
    },
  },
  ledger: {
    title: '账单流水', time: '时间', kind: '类型', bucket: '账户', amount: '金额', balanceAfter: '变动后余额', note: '备注',
    kinds: {
      SIGNUP_GRANT: '注册赠送', CHECK_IN: '签到', USAGE_CHARGE: '调用扣费', PURCHASE: '购买', REDEMPTION: '兑换',
      REFUND: '退款', ADMIN_ADJUSTMENT: '人工调整',
    },
    buckets: { FREE: '免费额度', SUBSCRIPTION: '订阅' },
  },
  pricing: {
    title: '价格', note: '按显示汇率折算（鼠标悬停可查看额度单位）。分组价格为目录价格乘以分组倍率。',
    search: '搜索', searchPlaceholder: '模型、系列或厂商', vendor: '厂商', series: '系列', context: '上下文（tokens）',
    basePrices: '目录价格', groupPrices: '各分组价格', noOpenGroup: '加入分组后可用',
    types: {
      CHAT: '对话', REASONING: '推理', SPEECH_TO_TEXT: '语音转文字', EMBEDDING: '向量', IMAGE: '图像',
      TEXT_TO_SPEECH: '文字转语音', RERANK: '重排序', MODERATION: '内容审核', REALTIME: '实时',
    },
    kinds: {
      INPUT: '输入', OUTPUT: '输出', CACHE_READ: '缓存读取', CACHE_WRITE: '缓存写入', CACHE_WRITE_1H: '缓存写入（1 小时）',
      LONG_CONTEXT_INPUT: '长上下文输入', LONG_CONTEXT_OUTPUT: '长上下文输出', REQUEST: '按次', AUDIO_MINUTE: '音频',
    },
    units: { MILLION_TOKENS: '百万 tokens', REQUEST: '次', AUDIO_MINUTE: '分钟' },
  },
  invitations: {
    title: '邀请', link: '您的邀请链接', joined: '已注册人数', verified: '已验证邮箱', earned: '已获奖励',
    rules: '通过您的链接注册的用户每支付一笔订单，您将获得该订单额度的 {{percent}}%（订单退款时收回）。',
    verifiedRule: '通过您的链接注册的用户验证邮箱后，您将获得', rewardsOff: '当前邀请暂无奖励；通过您的链接注册的人数仍会统计。',
    invitedNotice: '您是受邀注册：注册后邀请人将获得记录。',
    adminTitle: '邀请奖励', rewardsEnabled: '开启邀请奖励', verifiedRewardLabel: '受邀人验证邮箱时的奖励',
    commissionLabel: '受邀人付费订单分成（%）', commissionHint: '0 到 100：每笔已付订单所含额度的百分比；退款时收回。',
    topInviters: '邀请排行',
  },
};
