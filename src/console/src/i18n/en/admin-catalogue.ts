/** Administration, spread into `admin`: the catalogue (models and their fallbacks, vendors, groups, packages). */
export const adminCatalogueEn = {
  catalogue: {
    title: 'Catalogue',
    models: 'Models', vendors: 'Vendors', groups: 'Groups', packages: 'Packages', vendor: 'Vendor', status: 'Status',
    multiplier: 'Multiplier', open: 'Open to all', tiers: 'Tiers', members: 'Members', days: 'Days', quota: 'Quota', archive: 'Archive',
    archiveConfirm: 'Take "{{name}}" off sale? Existing subscriptions run their course.',
  },
  fallbacks: {
    title: 'Fallbacks of {{model}}', button: 'Fallbacks', chain: 'Then try, in this order', none: 'No fallback',
    hint: 'When every channel of this model fails before the answer starts, these models are tried in order (each under the caller\'s own access rules), and the request is billed at the one that answers. Only chat models of the same tier.',
  },
  models: {
    create: 'Add model', editTitle: 'Edit {{model}}', since: 'Prices since', prices: 'Prices', pricesTitle: 'Prices of {{model}}',
    statuses: { ACTIVE: 'Active', DEPRECATED: 'Deprecated', HIDDEN: 'Hidden' },
    deprecate: 'Deprecate', deprecateConfirm: 'Mark {{model}} deprecated? It stays listed and callable.',
    hide: 'Hide', hideConfirm: 'Hide {{model}}? It leaves every model list and the gateway refuses it (404); usage and prices stay.',
    restore: 'Restore', restoreConfirm: 'Make {{model}} active again?',
    modelId: 'Model id', modelIdHint: 'What callers send as "model"; case-sensitive, cannot change later.', series: 'Series',
    contextLength: 'Context length (tokens)', maxOutput: 'Max output tokens', description: 'Description', firstPrices: 'Prices (USD)',
    priceFields: {
      inputPrice: 'Input / 1M tokens', outputPrice: 'Output / 1M tokens', requestPrice: 'Per request', audioMinutePrice: 'Per audio minute',
      cacheReadPrice: 'Cached input / 1M tokens', cacheWritePrice: 'Cache write, 5 min / 1M tokens', cacheWrite1hPrice: 'Cache write, 1 h / 1M tokens',
      searchUnitPrice: 'Per search unit (rerank)', audioInputPrice: 'Audio input / 1M tokens', audioOutputPrice: 'Audio output / 1M tokens',
      imageInputPrice: 'Image input / 1M tokens', characterPrice: 'Speech input / 1M characters',
    },
    cacheHint: 'Empty: priced as ordinary input.',
    imagePrices: {
      title: 'Images by size and quality', hint: 'Per image (DALL-E style), and the most image output tokens one such image is billed (token-priced models). * matches any size or quality.',
      size: 'Size', quality: 'Quality', price: 'Per image', outputTokens: 'Most output tokens', add: 'Add size', remove: 'Remove',
      wordInvalid: 'A word such as 1024x1024 or hd, or *.', tokensInvalid: 'A whole number from 0 to 1000000.',
    },
    priceNote: 'A new price version in USD at the display rate. Requests admitted before it takes effect keep their prices.',
    effectiveAt: 'Effective from', effectiveAtHint: 'Empty: now. In your time zone.', setPrice: 'Set price now', schedulePrice: 'Schedule price',
    history: 'Price history', kind: 'Change', kinds: { INITIAL: 'Initial', SET: 'Set', VENDOR_DISCOUNT: 'Vendor factor' },
    scheduled: 'scheduled', withdraw: 'Withdraw', withdrawConfirm: 'Withdraw this scheduled price? The current one stays in effect.',
  },
  vendors: {
    create: 'Add vendor', edit: 'Rename vendor', name: 'Name', slug: 'Slug', slugHint: 'Lower-case key used in filters and permissions; cannot change later.',
    discount: 'Price factor', discountTitle: 'Price factor for {{vendor}}', factor: 'Factor', factorHint: '0.8 = 20 % off; 1.1 = 10 % more. Prices round up.',
    discountNote: 'Every model of {{vendor}} gets a new price version at factor × its current price.', applyDiscount: 'Apply to every model',
  },
  groups: {
    create: 'Add group', editTitle: 'Edit group {{group}}', membersTitle: 'Members of {{group}}', name: 'Name', permits: 'Permits',
    multiplierHint: 'Prices in this group are multiplied by it, e.g. 0.8.', openLabel: 'Open to every user', openHint: 'Otherwise members only.',
    autoOrder: 'Auto order', autoOrderHint: 'Where the auto group tries this group (lower first).', allModels: 'All models',
    permitHint: 'A model is permitted if its tier, vendor or id is listed.', openMembersNote: 'This group is open: members matter only if it is closed later.',
    addMember: 'Add a member', searchEmail: 'Type part of an email', add: 'Add', remove: 'Remove',
    removeConfirm: 'Remove {{email}} from {{group}}? Their keys in this group stop working.',
    routingPolicy: 'Routing', routingPolicies: { PRIORITY: 'Priority', CHEAPEST: 'Cheapest', BALANCED: 'Balanced' },
    routingPolicyHints: {
      PRIORITY: 'Highest channel priority first; weights share the traffic within it.',
      CHEAPEST: 'The healthy channel with the lowest cost for the model; weights share a tie; priority ignored.',
      BALANCED: 'Priority first; within it, each channel\'s weight is scaled by how cheap it is.',
    },
  },
  packages: {
    create: 'Add package', edit: 'Edit package', name: 'Name', price: 'Price', currency: 'Currency', quota: 'Quota per period (USD)',
    sortOrder: 'Sort order', unlocks: 'Unlocks tiers', statuses: { ACTIVE: 'On sale', ARCHIVED: 'Archived' },
  },
};
