/**
 * The state-changing routes (POST, PUT, PATCH, DELETE) that write no audit entry, each with its reason:
 * the one list of them (issue 23 §1). Every other such route of the OpenAPI document must leave an
 * entry, which tests/api/audit-walk.test.ts proves by calling each; a route added without an entry and
 * without a line here fails that walk, and a line here whose route is gone fails it too.
 */
export const AUDIT_EXEMPT: Readonly<Record<string, string>> = {
  'POST /api/user/login':
    'Signing in changes no record: a session is not a record, and failed attempts are counted by the throttle (a lockout ends by itself or by npm run clear-lockout, which is logged).',
  'POST /api/user/logout': "Ends the caller's own session; a session is not a record.",
  'POST /api/user/info': 'Reads the signed-in account (POST because SPEC §7 says so); changes nothing.',
  'POST /api/user/menu': 'Reads the menu (POST because SPEC §7 says so); changes nothing.',
  'POST /api/messages/read': "Marks the reader's own messages read: their inbox, not a record anyone audits.",
  'POST /api/messages/read-all': "Marks all the reader's messages read: their inbox, not a record anyone audits.",
  'POST /api/files':
    'An upload stores a picture no record uses yet; the registration or edit that uses it logs its file id (unused uploads are swept).',
  'POST /api/device/v1/heartbeat':
    "A device's presence (thousands a second): measured data, not a change a person made; its binding is logged.",
  'POST /api/device/v1/events':
    "A device's trading, passenger and test events (millions a day): measured data, kept in their own tables, idempotent per event.",
}
