/** Administration, spread into `admin`: the overview and margin, usage statistics, orders, users and redemption codes. */
export const adminOperationsEn = {
  overview: {
    title: 'Overview', last7: 'Last 7 days', requests: 'Requests', errors: 'Failed requests', spend: 'Spend',
    topModels: 'Top models', channelHealth: 'Channel health',
  },
  margin: {
    title: 'Revenue, upstream cost and margin (30 days)', revenue: 'Revenue', cost: 'Upstream cost', margin: 'Margin',
    chart: 'Revenue, cost and margin per day', lowestChannels: 'Channels with the lowest margin', channel: 'Channel',
  },
  stats: {
    title: 'Usage statistics', groupBy: 'Group by', succeeded: 'Succeeded', total: 'Total',
    timezone: 'Days are cut in {{zone}}.', exportUsage: 'Usage CSV', exportLedger: 'Ledger CSV',
    by: { DAY: 'Day', DAY_AND_MODEL: 'Day and model', HOUR: 'Hour', MODEL: 'Model', USER: 'User', TOKEN: 'Key', CHANNEL: 'Channel', GROUP: 'Group', SURFACE: 'API' },
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
    create: 'Add user', passwordOptional: 'Empty: a password is generated and shown once.', details: 'Details', joined: 'Joined',
    roleOf: 'Role of {{email}}', quotaTotal: 'Total', subscriptionStatuses: { ACTIVE: 'Active', EXPIRED: 'Expired', CANCELLED: 'Cancelled' },
    adjustSubscriptionTitle: 'Adjust the remaining quota of "{{name}}"',
    resetPassword: 'Reset password', resetConfirm: 'Reset the password of {{email}}? They are signed out everywhere and get a new password from you.',
    delete: 'Delete', deleteConfirm: 'Delete {{email}}? They cannot sign in, every key is refused, and they leave this list; their ledger and usage stay.',
    unlock: 'Unlock sign-in', unlockConfirm: 'Lift the sign-in throttle of {{email}}? Failed attempts from every address are forgotten, so they can try again at once. A disabled account stays disabled.',
    unlocked_one: 'Sign-in unlocked: {{count}} throttle counter cleared.', unlocked_other: 'Sign-in unlocked: {{count}} throttle counters cleared.',
    passwordTitle: 'Password for {{email}}', passwordOnce: 'Give this password to the user now: it is shown only once and cannot be recovered.',
  },
  codes: {
    title: 'Redemption codes', kind: 'Kind', amount: 'Value (USD)', count: 'How many', generate: 'Generate and download',
    onceNote: 'The codes are downloaded once as a file and never shown again.', downloaded: '{{count}} codes generated and downloaded.',
    prefix: 'Code', value: 'Value', uses: 'Uses', kinds: { QUOTA: 'Quota', PACKAGE: 'Package' },
  },
};
