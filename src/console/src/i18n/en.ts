/** English strings. zh-CN.ts has the same shape (checked by its type), so neither can miss a key. */
export const en = {
  app: { title: 'Model gateway' },
  nav: {
    dashboard: 'Dashboard', keys: 'API keys', models: 'Models & pricing', billing: 'Packages & orders', usage: 'Usage log',
    ledger: 'Ledger', account: 'Account', admin: 'Administration', adminOverview: 'Overview', adminChannels: 'Channels',
    adminOrders: 'Orders', adminUsers: 'Users', adminCatalogue: 'Catalogue', adminCodes: 'Redemption codes',
    menu: 'Navigation', signOut: 'Sign out',
  },
  common: {
    loading: 'Loading…', error: 'Something went wrong', empty: 'Nothing here yet.', save: 'Save', saved: 'Saved.',
    cancel: 'Cancel', confirm: 'Confirm', confirmTitle: 'Are you sure?', close: 'Close', copy: 'Copy', copied: 'Copied',
    edit: 'Edit', enable: 'Enable', disable: 'Disable', actions: 'Actions', previous: 'Previous', next: 'Next',
    page: 'Page {{page}}', yes: 'Yes', no: 'No', quotaUnits: '{{units}} quota units',
  },
  auth: {
    signIn: 'Sign in', signUp: 'Create account', signInTitle: 'Sign in to your account', signUpTitle: 'Create your account',
    email: 'Email', password: 'Password', repeatPassword: 'Repeat password', passwordHint: 'At least 8 characters.',
    noAccount: 'No account yet?', haveAccount: 'Already have an account?',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  validation: {
    required: 'This field is required.', email: 'Enter a valid email address.', passwordLength: 'Use at least 8 characters.',
    passwordsDiffer: 'The passwords do not match.', ipList: 'Use IP addresses or CIDR ranges, separated by commas.',
    integer: 'Enter a whole number in the allowed range.', futureDate: 'Pick a date in the future.',
    money: 'Enter an amount such as 1.50.', url: 'Enter an http(s) URL.',
  },
  errors: {
    EMAIL_TAKEN: 'An account with this email already exists.', INVALID_CREDENTIALS: 'Email or password is incorrect.',
    ACCOUNT_DISABLED: 'This account is disabled.', TOO_MANY_ATTEMPTS: 'Too many failed attempts; try again later.',
    INVALID_INPUT: '{{message}}', NOT_FOUND: 'Not found.', ALREADY_EXISTS: '{{message}}',
    ALREADY_CHECKED_IN: 'You have already checked in today.', GROUP_NOT_ALLOWED: 'You may not use this group.',
    INSUFFICIENT_BALANCE: 'The balance cannot go below zero.', ORDER_STATUS: 'The order is not in a state that allows this.',
    INVALID_CODE: 'This code is not valid.', CODE_EXPIRED: 'This code has expired.', CODE_EXHAUSTED: 'This code has been used up.',
    ALREADY_REDEEMED: 'You have already redeemed this code.',
    SESSION_EXPIRED: 'Your session has expired. Please sign in again.', UNAUTHENTICATED: 'Please sign in.',
    FORBIDDEN: 'You are not allowed to do this.', SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Try again shortly.',
    NETWORK: 'The server could not be reached.', UNKNOWN: 'Unexpected error.',
  },
  dashboard: {
    title: 'Dashboard', totalBalance: 'Total balance', freeQuota: 'Free quota', checkIn: 'Daily check-in',
    checkedInToday: 'Checked in today', notCheckedIn: 'Not checked in yet today', streak_one: 'Streak: {{count}} day',
    streak_other: 'Streak: {{count}} days', checkInButton: 'Check in', checkedInGained: 'Checked in: +{{amount}}',
    subscriptions: 'Subscriptions', noSubscriptions: 'No active subscription. SVIP models need one: see Packages & orders.',
    endsAt: 'Ends', remaining: 'Remaining', usage30: 'Usage, last 30 days (cost per day by model)',
    requestsTotal_one: '{{count}} request', requestsTotal_other: '{{count}} requests', noUsage: 'No requests in the last 30 days.',
  },
  quickStart: {
    title: 'Quick start', intro: 'Any OpenAI-compatible client works: set the base URL, your key and a model.',
    baseUrl: 'Base URL', keyHint: 'Replace sk-... with a key from the API keys page.',
  },
  keys: {
    title: 'API keys', create: 'Create key', edit: 'Edit key', name: 'Name', key: 'Key', group: 'Group', status: 'Status',
    used: 'Used / cap', expires: 'Expires', expiresHint: 'Empty: never.', lastUsed: 'Last used', never: 'Never',
    quotaCap: 'Spending cap (USD)', quotaCapHint: 'Empty: no cap.', rpm: 'Requests per minute', rpmHint: 'Empty: the default; 0: unlimited.',
    allowedModels: 'Allowed models', allowedIps: 'Allowed IP addresses', listHint: 'Comma separated; empty allows all.',
    createdTitle: 'Your new API key', shownOnce: 'Copy it now: it is shown only once and cannot be recovered.',
    copyKey: 'Copy key', revoke: 'Revoke', revokeConfirm: 'Revoke "{{name}}"? Applications using it stop working at once. This cannot be undone.',
    revoked: 'Key revoked.', statuses: { ACTIVE: 'Active', DISABLED: 'Disabled', REVOKED: 'Revoked' },
  },
  models: {
    title: 'Models & pricing', all: 'All', free: 'Free', tier: 'Tier', model: 'Model', type: 'Type', input: 'Input / 1M tokens',
    output: 'Output / 1M tokens', perMinute: 'per audio minute', perRequest: 'per request', deprecated: 'Deprecated',
    needsSubscription: 'subscription required', priceNote: 'Prices in USD at the display rate; your group may apply a multiplier. Hover an amount for quota units.',
    types: { CHAT: 'Chat', REASONING: 'Reasoning', SPEECH_TO_TEXT: 'Speech to text' },
  },
  billing: {
    title: 'Packages & orders', buy: 'Buy', duration_one: '{{count}} day', duration_other: '{{count}} days', includes: 'includes',
    orderCreated: 'Order created. See below how to pay.', pendingTitle: 'Waiting for payment',
    howToPay: 'Order #{{id}} ({{name}}, {{amount}}): pay by the method your operator gave you and quote the order number; it becomes active as soon as the payment is confirmed.',
    payWith: 'Pay with', payNow: 'Pay now', payOnline: 'Order #{{id}} ({{name}}, {{amount}}) is waiting for your payment.',
    qrCode: 'Scan to pay:', expires: 'Unpaid orders expire at',
    orders: 'Order history', package: 'Package', amount: 'Amount', status: 'Status', created: 'Created', paid: 'Paid',
    statuses: { PENDING: 'Pending', PAID: 'Paid', CANCELLED: 'Cancelled', REFUNDED: 'Refunded' },
  },
  usage: {
    title: 'Usage log', exportCsv: 'Export CSV', exportFailed: 'Export failed: {{reason}}', key: 'Key', anyKey: 'Any key',
    model: 'Model', outcome: 'Outcome', anyOutcome: 'Any outcome', from: 'From', to: 'To', time: 'Time', tokens: 'Tokens in / out',
    cost: 'Cost', latency: 'Latency',
    outcomes: {
      SUCCESS: 'Success', REJECTED: 'Rejected', UPSTREAM_ERROR: 'Upstream error', UPSTREAM_TIMEOUT: 'Upstream timeout',
      UPSTREAM_FAILED_MID_STREAM: 'Broke mid-stream', CLIENT_ABORTED: 'Client aborted', NO_CHANNEL: 'No channel',
    },
  },
  ledger: {
    title: 'Ledger', time: 'Time', kind: 'Kind', bucket: 'Balance', amount: 'Amount', balanceAfter: 'Balance after', note: 'Note',
    kinds: {
      SIGNUP_GRANT: 'Sign-up grant', CHECK_IN: 'Check-in', USAGE_CHARGE: 'Usage', PURCHASE: 'Purchase', REDEMPTION: 'Redemption',
      REFUND: 'Refund', ADMIN_ADJUSTMENT: 'Adjustment',
    },
    buckets: { FREE: 'Free quota', SUBSCRIPTION: 'Subscription' },
  },
  account: {
    title: 'Account', signedInAs: 'Signed in as {{email}}', redeemTitle: 'Redeem a code', code: 'Code', redeem: 'Redeem',
    redeemed: 'Redeemed: +{{amount}}', passwordTitle: 'Change password', currentPassword: 'Current password',
    newPassword: 'New password', changePassword: 'Change password', passwordChanged: 'Password changed; other sessions were signed out.',
  },
  admin: {
    overview: {
      title: 'Overview', last7: 'Last 7 days', requests: 'Requests', errors: 'Failed requests', spend: 'Spend',
      topModels: 'Top models', channelHealth: 'Channel health',
    },
    channels: {
      title: 'Channels', create: 'Add channel', edit: 'Edit channel', name: 'Name', protocol: 'Protocol', status: 'Status',
      breakerTitle: 'Breaker', errorRate: 'Error rate', models: 'Models', groups: 'Groups', lastTest: 'Last test', test: 'Test',
      failed: 'Failed', baseUrl: 'Base URL', secret: 'API key (write-only)', secretHint: 'Stored encrypted; never shown again.',
      secretKept: 'A key ending in {{last4}} is stored; leave empty to keep it.', priority: 'Priority', weight: 'Weight',
      testResult: 'Test result', testOk: 'OK: {{model}} answered in {{ms}} ms.', testFailed: 'Failed ({{model}}): {{error}}',
      disableConfirm: 'Disable channel "{{name}}"? Requests stop going to it.',
      statuses: { ENABLED: 'Enabled', DISABLED_MANUAL: 'Disabled', DISABLED_AUTO: 'Disabled (auto)' },
      breaker: { CLOSED: 'Closed', HALF_OPEN: 'Half-open', OPEN: 'Open' },
    },
    orders: {
      title: 'Orders', markPaid: 'Mark paid', cancel: 'Cancel', refund: 'Refund',
      markPaidConfirm: 'Mark order #{{id}} of {{email}} as paid? The subscription starts at once.',
      cancelConfirm: 'Cancel order #{{id}}?', refundConfirm: 'Refund order #{{id}}? Unused quota and time are taken back.',
    },
    users: {
      title: 'Users', search: 'Search by email', email: 'Email', role: 'Role', status: 'Status', adjust: 'Adjust quota',
      adjustTitle: 'Adjust the free quota of {{email}}', amount: 'Amount (USD)', amountHint: 'Negative to take quota away.',
      memo: 'Memo', memoRequired: 'A memo is required.', disableConfirm: 'Disable {{email}}? Their keys and sessions stop working.',
      statuses: { ACTIVE: 'Active', DISABLED: 'Disabled' },
    },
    catalogue: {
      title: 'Catalogue', editNote: 'Prices, new models, groups and packages are edited through GraphQL for now (/graphql).',
      models: 'Models', vendors: 'Vendors', groups: 'Groups', packages: 'Packages', vendor: 'Vendor', status: 'Status',
      deprecate: 'Deprecate', deprecateConfirm: 'Mark {{model}} deprecated?', multiplier: 'Multiplier', open: 'Open to all',
      tiers: 'Tiers', members: 'Members', days: 'Days', quota: 'Quota', archive: 'Archive',
      archiveConfirm: 'Take "{{name}}" off sale? Existing subscriptions run their course.',
    },
    codes: {
      title: 'Redemption codes', kind: 'Kind', amount: 'Value (USD)', count: 'How many', generate: 'Generate and download',
      onceNote: 'The codes are downloaded once as a file and never shown again.', downloaded: '{{count}} codes generated and downloaded.',
      prefix: 'Code', value: 'Value', uses: 'Uses', kinds: { QUOTA: 'Quota', PACKAGE: 'Package' },
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Dictionary = Strings<typeof en>;
