import type { Dictionary } from './en';

/** 简体中文。键与 en.ts 一致（由类型检查保证）。 */
export const zhCN: Dictionary = {
  app: { title: '模型网关' },
  nav: {
    dashboard: '概览', keys: 'API 密钥', models: '模型与价格', billing: '套餐与订单', usage: '调用日志',
    ledger: '账单流水', account: '账户', admin: '管理', adminOverview: '运营概览', adminChannels: '渠道',
    adminOrders: '订单', adminUsers: '用户', adminCatalogue: '模型目录', adminCodes: '兑换码',
    menu: '导航', signOut: '退出登录',
  },
  common: {
    loading: '加载中…', error: '出错了', empty: '暂无数据。', save: '保存', saved: '已保存。',
    cancel: '取消', confirm: '确认', confirmTitle: '确定吗？', close: '关闭', copy: '复制', copied: '已复制',
    edit: '编辑', enable: '启用', disable: '停用', actions: '操作', previous: '上一页', next: '下一页',
    page: '第 {{page}} 页', yes: '是', no: '否', quotaUnits: '{{units}} 额度单位',
  },
  auth: {
    signIn: '登录', signUp: '注册账户', signInTitle: '登录您的账户', signUpTitle: '创建新账户',
    email: '邮箱', password: '密码', repeatPassword: '确认密码', passwordHint: '至少 8 个字符。',
    noAccount: '还没有账户？', haveAccount: '已有账户？',
    sessionEnded: '登录已失效，请重新登录。',
  },
  validation: {
    required: '此项为必填。', email: '请输入有效的邮箱地址。', passwordLength: '至少需要 8 个字符。',
    passwordsDiffer: '两次输入的密码不一致。', ipList: '请输入 IP 地址或 CIDR 网段，用逗号分隔。',
    integer: '请输入允许范围内的整数。', futureDate: '请选择一个将来的日期。',
    money: '请输入金额，例如 1.50。', url: '请输入 http(s) 地址。',
  },
  errors: {
    EMAIL_TAKEN: '该邮箱已被注册。', INVALID_CREDENTIALS: '邮箱或密码错误。',
    ACCOUNT_DISABLED: '该账户已被停用。', TOO_MANY_ATTEMPTS: '失败次数过多，请稍后再试。',
    INVALID_INPUT: '输入有误（{{field}}）：{{message}}', NOT_FOUND: '未找到。', ALREADY_EXISTS: '已存在（{{field}}）：{{message}}',
    ALREADY_CHECKED_IN: '今天已经签到过了。', GROUP_NOT_ALLOWED: '您无权使用该分组。',
    INSUFFICIENT_BALANCE: '余额不能低于零。', ORDER_STATUS: '订单当前状态不允许此操作。',
    INVALID_CODE: '兑换码无效。', CODE_EXPIRED: '兑换码已过期。', CODE_EXHAUSTED: '兑换码已被用完。',
    ALREADY_REDEEMED: '您已兑换过该兑换码。',
    SESSION_EXPIRED: '登录已过期，请重新登录。', UNAUTHENTICATED: '请先登录。',
    FORBIDDEN: '您无权执行此操作。', SERVICE_UNAVAILABLE: '服务暂时不可用，请稍后再试。',
    NETWORK: '无法连接到服务器。', UNKNOWN: '发生意外错误。',
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
    allowedModels: '允许的模型', allowedIps: '允许的 IP 地址', listHint: '用逗号分隔；留空表示全部允许。',
    createdTitle: '您的新 API 密钥', shownOnce: '请立即复制：密钥只显示这一次，之后无法找回。',
    copyKey: '复制密钥', revoke: '吊销', revokeConfirm: '确定吊销“{{name}}”吗？使用它的应用将立即失效，且无法恢复。',
    revoked: '密钥已吊销。', statuses: { ACTIVE: '启用', DISABLED: '停用', REVOKED: '已吊销' },
  },
  models: {
    title: '模型与价格', all: '全部', free: '免费', tier: '等级', model: '模型', type: '类型', input: '输入 / 百万 tokens',
    output: '输出 / 百万 tokens', perMinute: '每音频分钟', perRequest: '每次请求', deprecated: '已弃用',
    needsSubscription: '需要订阅', priceNote: '价格按显示汇率折算为美元；您的分组可能有倍率。鼠标悬停可查看额度单位。',
    types: { CHAT: '对话', REASONING: '推理', SPEECH_TO_TEXT: '语音转文字' },
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
    cost: '费用', latency: '耗时',
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
  account: {
    title: '账户', signedInAs: '当前登录：{{email}}', redeemTitle: '兑换码', code: '兑换码', redeem: '兑换',
    redeemed: '兑换成功：+{{amount}}', passwordTitle: '修改密码', currentPassword: '当前密码',
    newPassword: '新密码', changePassword: '修改密码', passwordChanged: '密码已修改，其他会话已退出。',
  },
  admin: {
    overview: {
      title: '运营概览', last7: '近 7 天', requests: '请求数', errors: '失败请求', spend: '消费',
      topModels: '热门模型', channelHealth: '渠道健康',
    },
    channels: {
      title: '渠道', create: '添加渠道', edit: '编辑渠道', name: '名称', protocol: '协议', status: '状态',
      breakerTitle: '熔断', errorRate: '错误率', models: '模型', groups: '分组', lastTest: '最近测试', test: '测试',
      failed: '失败', baseUrl: '接口地址', secret: 'API 密钥（只写）', secretHint: '加密存储，之后不再显示。',
      secretKept: '已保存尾号为 {{last4}} 的密钥；留空则保持不变。', priority: '优先级', weight: '权重',
      testResult: '测试结果', testOk: '成功：{{model}} 在 {{ms}} 毫秒内响应。', testFailed: '失败（{{model}}）：{{error}}',
      disableConfirm: '确定停用渠道“{{name}}”吗？请求将不再发往该渠道。',
      statuses: { ENABLED: '启用', DISABLED_MANUAL: '已停用', DISABLED_AUTO: '自动停用' },
      breaker: { CLOSED: '正常', HALF_OPEN: '半开', OPEN: '熔断' },
    },
    orders: {
      title: '订单', markPaid: '标记已付款', cancel: '取消', refund: '退款',
      markPaidConfirm: '确定将 {{email}} 的订单 #{{id}} 标记为已付款吗？订阅将立即生效。',
      cancelConfirm: '确定取消订单 #{{id}} 吗？', refundConfirm: '确定退款订单 #{{id}} 吗？未使用的额度和时长将被收回。',
    },
    users: {
      title: '用户', search: '按邮箱搜索', email: '邮箱', role: '角色', status: '状态', adjust: '调整额度',
      adjustTitle: '调整 {{email}} 的免费额度', amount: '金额（美元）', amountHint: '负数表示扣减。',
      memo: '备注', memoRequired: '请填写备注。', disableConfirm: '确定停用 {{email}} 吗？其密钥和会话将失效。',
      statuses: { ACTIVE: '正常', DISABLED: '已停用' },
    },
    catalogue: {
      title: '模型目录', editNote: '价格、新模型、分组和套餐暂时通过 GraphQL（/graphql）编辑。',
      models: '模型', vendors: '厂商', groups: '分组', packages: '套餐', vendor: '厂商', status: '状态',
      deprecate: '弃用', deprecateConfirm: '确定将 {{model}} 标记为弃用吗？', multiplier: '倍率', open: '对所有人开放',
      tiers: '等级', members: '成员', days: '天数', quota: '额度', archive: '下架',
      archiveConfirm: '确定下架“{{name}}”吗？已购买的订阅不受影响。',
    },
    codes: {
      title: '兑换码', kind: '类型', amount: '面值（美元）', count: '数量', generate: '生成并下载',
      onceNote: '兑换码只会以文件形式下载一次，之后不再显示。', downloaded: '已生成并下载 {{count}} 个兑换码。',
      prefix: '兑换码', value: '面值', uses: '使用次数', kinds: { QUOTA: '额度', PACKAGE: '套餐' },
    },
  },
};
