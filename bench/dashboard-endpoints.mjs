// Every /api/dashboard/* endpoint the Workplace reads, with the parameters it sends: what the dashboard
// benches (on the primary, on the replica) measure line by line.
export const DASHBOARD_ENDPOINTS = [
  ['today', {}],
  ['daily', {}],
  ['ranking', { period: 'today', metric: 'amount' }],
  ['ranking', { period: '7d', metric: 'amount' }],
  ['ranking', { period: '30d', metric: 'amount' }],
  ['ranking', { period: '30d', metric: 'orders' }],
  ['passengers', {}],
  ['minutes', {}],
  ['methods', {}],
  ['transactions', {}],
  ['tests', {}],
]
