/**
 * Waits one turn of the event loop, so that notices (NOTIFY) already received on this instance's LISTEN
 * connection are handled before an answer kept in memory is trusted. A revocation is delivered on its
 * transaction's commit, before the answer that reports it leaves; the next request, landing on another
 * instance, can arrive in the same read of the sockets as the notice and be handled first. The socket's
 * callbacks all run before `setImmediate`'s.
 */
export const noticesHeard = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
