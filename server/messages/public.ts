/**
 * What other areas may use of system messages (server import rules): how the system tells a user
 * something (a failed pesticide test, a device gone offline, a todo), rendered in the reader's language.
 */
export { postMessage, postMessages, type NewMessage } from './post'
export { closeRecordTodos, notSentYet, recordTodoJob, sendRecordTodos, type RecordTodoKind } from './record-todos'
