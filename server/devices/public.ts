/**
 * What other areas may use of devices (server import rules: an area imports another area only through
 * its public.ts). Each keeps a merchant's devices in step with a change to the merchant, inside the
 * merchant's own transaction.
 */
export { followMerchant, unbindMerchantDevices } from './service'
/** After the merchant's transaction: until every instance has been told its devices are unbound. */
export { credentialsHeard as devicesHeard } from '../device-api/public'
/** How a device row's search text is made: the demo seed writes rows directly and must match it. */
export { deviceSearchText } from './queries'
