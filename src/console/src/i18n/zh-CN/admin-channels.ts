import type { adminChannelsEn } from '../en/admin-channels';
import type { TranslationOf } from '../translation-of';

/** Simplified Chinese for en/admin-channels.ts; its type makes the compiler name any key missing or extra. */
export const adminChannelsZhCN: TranslationOf<typeof adminChannelsEn> = {
  channels: {
    title: '渠道', create: '添加渠道', edit: '编辑渠道', name: '名称', protocol: '协议', status: '状态',
    breakerTitle: '熔断', errorRate: '错误率', models: '模型', groups: '分组', lastTest: '最近测试', test: '测试',
    failed: '失败', baseUrl: '接口地址', secret: '上游 API 密钥（只写）', secretHint: '每行一个；加密存储，之后不再显示。以后在“密钥”中管理。',
    tags: '标签', tagsHint: '用于批量修改的标签（每个后按回车）。', tag: '标签', searchName: '名称包含', priority: '优先级', weight: '权重',
    testResult: '测试结果', testOk: '成功：{{model}} 在 {{ms}} 毫秒内响应。', testFailed: '失败（{{model}}）：{{error}}',
    disableConfirm: '确定停用渠道“{{name}}”吗？请求将不再发往该渠道。',
    statuses: { ENABLED: '启用', DISABLED_MANUAL: '已停用', DISABLED_AUTO: '自动停用' },
    breaker: { CLOSED: '正常', HALF_OPEN: '半开', OPEN: '熔断' },
  },
  keys: {
    title: '{{name}} 的上游密钥', button: '密钥 {{enabled}}/{{total}}', none: '没有密钥：请求将不带密钥发往上游。',
    key: '密钥', used: '请求数', lastError: '最近错误', remove: '移除',
    disableConfirm: '确定停用尾号为 {{last4}} 的密钥吗？请求将在其他密钥间轮换。',
    removeConfirm: '确定移除尾号为 {{last4}} 的密钥吗？它无法再显示或恢复。',
    add: '添加密钥', addHint: '每行一个；加密存储，之后不再显示。', addButton: '添加密钥',
  },
  import: {
    title: '导入渠道', format: '格式', upload: '上传文件', chooseFile: 'JSON 或 CSV 文件', document: '文档',
    hint: '要么全部导入，要么都不导入。JSON：渠道数组；CSV：首行为表头，列表用 | 分隔。', run: '导入',
    imported_one: '已导入 {{count}} 个渠道。', imported_other: '已导入 {{count}} 个渠道。',
    failed_one: '未导入任何渠道：{{count}} 行有问题。', failed_other: '未导入任何渠道：{{count}} 行有问题。',
    row: '行', problems: '问题', wholeDocument: '文档',
  },
  tags: {
    title: '按标签修改', enable: '启用', disable: '停用', priority: '设置优先级', weight: '设置权重', apply: '应用',
    matched_one: '已修改 {{count}} 个标签为“{{tag}}”的渠道。', matched_other: '已修改 {{count}} 个标签为“{{tag}}”的渠道。',
    disableConfirm: '确定停用所有标签为“{{tag}}”的渠道吗？请求将不再发往它们。',
  },
  cost: {
    title: '{{name}} 的成本', button: '成本',
    hint: '该渠道的上游向你收取的费用。每个请求都会把它记为上游成本，与调用方支付的费用并列；两者之差即你的毛利。',
    factor: '目录价格倍率', factorHint: '例如上游按标价的 30% 收费时填 0.3；0 到 10，最多 4 位小数；留空：按目录价格。',
    factorInvalid: '请输入 0 到 10 之间、最多 4 位小数的数字，例如 0.3。', cataloguePrice: '目录价格', saveFactor: '保存倍率',
    nowCatalogue: '没有自有价格表的模型按目录价格计成本。', nowFactor: '没有自有价格表的模型按目录价格 × {{factor}} 计成本。',
    ownPrices: '该渠道的价格表', ownPricesHint: '在此有版本的模型按该版本计价，不按倍率。版本立即或在你选择的时间生效，且永不改写。',
    model: '模型', pickModel: '选择该渠道提供的模型', versions: '版本', noVersions: '没有自有价格：所有模型按倍率计成本。',
  },
  overrides: {
    title: '{{name}} 的请求覆盖', button: '覆盖',
    hint: '对该渠道发出的每个请求设置或删除请求体字段（JSON 指针，如 /stream_options/include_usage）和请求头，可仅限部分模型。认证头和密钥不可修改。',
    none: '没有覆盖：请求按网关生成的原样发出。', target: '位置', body: '请求体', header: '请求头', op: '操作', set: '设置', remove: '删除',
    path: '路径', pointer: 'JSON 指针', headerName: '请求头名称', json: '值（JSON）', value: '值', models: '模型', allModels: '全部模型',
    delete: '删除', add: '添加覆盖', changes: '该渠道的变更记录', noChanges: '暂无变更记录。',
    when: '时间', who: '操作人', fields: '设置项', before: '变更前', after: '变更后',
  },
  discovery: {
    title: '{{name}} 的模型', button: '发现模型', run: '查询上游', again: '重新查询',
    note: '读取上游的模型列表；在您添加模型之前不会有任何改动。',
    served: '已提供', inCatalogue: '在目录中，未提供', unknown: '未知',
    serveKnown: '提供 {{count}} 个目录模型', addUnknown: '添加 {{count}} 个新模型及价格',
    incomplete: '请为 {{model}} 填写厂商、系列和两个价格。',
  },
};
