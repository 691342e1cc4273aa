import type { adminOperationsEn } from '../en/admin-operations';
import type { TranslationOf } from '../translation-of';

/** Simplified Chinese for en/admin-operations.ts; its type makes the compiler name any key missing or extra. */
export const adminOperationsZhCN: TranslationOf<typeof adminOperationsEn> = {
  overview: {
    title: '运营概览', last7: '近 7 天', requests: '请求数', errors: '失败请求', spend: '消费',
    topModels: '热门模型', channelHealth: '渠道健康',
  },
  margin: {
    title: '收入、上游成本与毛利（30 天）', revenue: '收入', cost: '上游成本', margin: '毛利',
    chart: '每日收入、成本与毛利', lowestChannels: '毛利最低的渠道', channel: '渠道',
  },
  stats: {
    title: '用量统计', groupBy: '分组方式', succeeded: '成功', total: '合计',
    timezone: '按 {{zone}} 划分日期。', exportUsage: '导出调用 CSV', exportLedger: '导出流水 CSV',
    by: { DAY: '日期', DAY_AND_MODEL: '日期和模型', HOUR: '小时', MODEL: '模型', USER: '用户', TOKEN: '密钥', CHANNEL: '渠道', GROUP: '分组', SURFACE: '接口' },
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
    create: '添加用户', passwordOptional: '留空：自动生成密码并仅显示一次。', details: '详情', joined: '注册时间',
    roleOf: '{{email}} 的角色', quotaTotal: '总额', subscriptionStatuses: { ACTIVE: '生效中', EXPIRED: '已过期', CANCELLED: '已取消' },
    adjustSubscriptionTitle: '调整“{{name}}”的剩余额度',
    resetPassword: '重置密码', resetConfirm: '确定重置 {{email}} 的密码吗？其所有会话将退出，需要您把新密码告诉对方。',
    delete: '删除', deleteConfirm: '确定删除 {{email}} 吗？其无法登录，所有密钥将被拒绝，并从列表中移除；账单流水和用量保留。',
    unlock: '解除登录限制', unlockConfirm: '解除 {{email}} 的登录频率限制？所有地址的失败次数都会清零，对方可立即重试。已停用的账号仍保持停用。',
    unlocked_one: '已解除登录限制：清除了 {{count}} 个限制计数。', unlocked_other: '已解除登录限制：清除了 {{count}} 个限制计数。',
    passwordTitle: '{{email}} 的密码', passwordOnce: '请立即把此密码交给用户：它只显示这一次，无法找回。',
  },
  codes: {
    title: '兑换码', kind: '类型', amount: '面值（美元）', count: '数量', generate: '生成并下载',
    onceNote: '兑换码只会以文件形式下载一次，之后不再显示。', downloaded: '已生成并下载 {{count}} 个兑换码。',
    prefix: '兑换码', value: '面值', uses: '使用次数', kinds: { QUOTA: '额度', PACKAGE: '套餐' },
  },
};
