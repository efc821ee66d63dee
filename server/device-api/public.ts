/**
 * What other areas may use of the device API (server import rules): the demo seed sends its devices'
 * history through the same ingest as a device call, so the first figures are the ones ingest keeps.
 */
export type { AuthedDevice } from './auth'
export { ingestBatches } from './ingest'
/** For a history seeded in bulk: its days' partitions, made before its rows (ingest makes none). */
export { makeDayPartitions } from './partitions'
/**
 * Unbinding and re-keying tell every instance's kept credentials, inside the writing transaction; the
 * answer waits until that was heard back.
 */
export { credentialsChanged, credentialsHeard } from './credentials'
