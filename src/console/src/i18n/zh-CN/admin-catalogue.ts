import type { adminCatalogueEn } from '../en/admin-catalogue';
import type { TranslationOf } from '../translation-of';

/** Simplified Chinese for en/admin-catalogue.ts; its type makes the compiler name any key missing or extra. */
export const adminCatalogueZhCN: TranslationOf<typeof adminCatalogueEn> = {
  catalogue: {
    title: '模型目录',
    models: '模型', vendors: '厂商', groups: '分组', packages: '套餐', vendor: '厂商', status: '状态',
    multiplier: '倍率', open: '对所有人开放', tiers: '等级', members: '成员', days: '天数', quota: '额度', archive: '下架',
    archiveConfirm: '确定下架“{{name}}”吗？已购买的订阅不受影响。',
  },
  fallbacks: {
    title: '{{model}} 的回退模型', button: '回退', chain: '依次尝试', none: '无回退',
    hint: '当该模型的所有渠道在开始作答前都失败时，按顺序尝试这些模型（每个都按调用者自己的权限规则检查），并按实际作答的模型计费。仅限同一等级的对话模型。',
  },
  models: {
    create: '添加模型', editTitle: '编辑 {{model}}', since: '价格生效于', prices: '价格', pricesTitle: '{{model}} 的价格',
    statuses: { ACTIVE: '启用', DEPRECATED: '已弃用', HIDDEN: '已隐藏' },
    deprecate: '弃用', deprecateConfirm: '确定将 {{model}} 标记为弃用吗？它仍会列出并可调用。',
    hide: '隐藏', hideConfirm: '确定隐藏 {{model}} 吗？它将从所有模型列表中消失，网关会拒绝调用（404）；用量和价格保留。',
    restore: '恢复', restoreConfirm: '确定重新启用 {{model}} 吗？',
    modelId: '模型 ID', modelIdHint: '调用方在 "model" 中传入的名称；区分大小写，创建后不可修改。', series: '系列',
    contextLength: '上下文长度（token）', maxOutput: '最大输出 token', description: '描述', firstPrices: '价格（美元）',
    priceFields: {
      inputPrice: '输入 / 百万 token', outputPrice: '输出 / 百万 token', requestPrice: '每次请求', audioMinutePrice: '每分钟音频',
      cacheReadPrice: '缓存输入 / 百万 token', cacheWritePrice: '缓存写入（5 分钟）/ 百万 token', cacheWrite1hPrice: '缓存写入（1 小时）/ 百万 token',
      searchUnitPrice: '每搜索单位（重排序）', audioInputPrice: '音频输入 / 百万 token', audioOutputPrice: '音频输出 / 百万 token',
      imageInputPrice: '图片输入 / 百万 token', characterPrice: '语音输入 / 百万字符',
    },
    cacheHint: '留空：按普通输入计价。',
    imagePrices: {
      title: '按尺寸和质量的图片价格', hint: '每张图片的价格（DALL-E 式），以及每张此类图片最多计费的图片输出 token（按 token 计价的模型）。* 匹配任意尺寸或质量。',
      size: '尺寸', quality: '质量', price: '每张图片', outputTokens: '最多输出 token', add: '添加尺寸', remove: '删除',
      wordInvalid: '请输入如 1024x1024 或 hd 的值，或 *。', tokensInvalid: '请输入 0 到 1000000 之间的整数。',
    },
    priceNote: '以显示汇率下的美元设置新的价格版本。生效前已受理的请求仍按原价计费。',
    effectiveAt: '生效时间', effectiveAtHint: '留空：立即生效。按您的时区。', setPrice: '立即设置价格', schedulePrice: '预约调价',
    history: '价格历史', kind: '变更', kinds: { INITIAL: '初始', SET: '设置', VENDOR_DISCOUNT: '厂商系数' },
    scheduled: '待生效', withdraw: '撤回', withdrawConfirm: '确定撤回这个待生效的价格吗？当前价格保持不变。',
  },
  vendors: {
    create: '添加厂商', edit: '重命名厂商', name: '名称', slug: '标识', slugHint: '用于筛选和权限的小写键；创建后不可修改。',
    discount: '价格系数', discountTitle: '{{vendor}} 的价格系数', factor: '系数', factorHint: '0.8 即八折；1.1 即上浮 10%。价格向上取整。',
    discountNote: '{{vendor}} 的每个模型都会按“系数 × 当前价格”生成新的价格版本。', applyDiscount: '应用到所有模型',
  },
  groups: {
    create: '添加分组', editTitle: '编辑分组 {{group}}', membersTitle: '{{group}} 的成员', name: '名称', permits: '允许',
    multiplierHint: '该分组内的价格乘以此倍率，例如 0.8。', openLabel: '对所有用户开放', openHint: '否则仅限成员。',
    autoOrder: '自动顺序', autoOrderHint: 'auto 分组尝试此分组的顺序（越小越先）。', allModels: '全部模型',
    permitHint: '模型的等级、厂商或 ID 在列表中即被允许。', openMembersNote: '该分组是开放的：只有以后关闭时成员才有意义。',
    addMember: '添加成员', searchEmail: '输入邮箱的一部分', add: '添加', remove: '移除',
    removeConfirm: '确定将 {{email}} 移出 {{group}} 吗？其在该分组中的密钥将停止工作。',
    routingPolicy: '路由', routingPolicies: { PRIORITY: '优先级', CHEAPEST: '最便宜', BALANCED: '均衡' },
    routingPolicyHints: {
      PRIORITY: '先用优先级最高的渠道；同一优先级内按权重分配。',
      CHEAPEST: '该模型成本最低的健康渠道；成本相同时按权重分配；忽略优先级。',
      BALANCED: '先按优先级；同一优先级内，每个渠道的权重按其便宜程度缩放。',
    },
  },
  packages: {
    create: '添加套餐', edit: '编辑套餐', name: '名称', price: '价格', currency: '货币', quota: '每周期额度（美元）',
    sortOrder: '排序', unlocks: '解锁等级', statuses: { ACTIVE: '在售', ARCHIVED: '已下架' },
  },
};
