/** What other areas may use of complaints (server import rules): the demo seed registers and moves some. */
export { registerComplaint, resolveComplaint, takeUpComplaint, withdrawComplaint } from './service'
