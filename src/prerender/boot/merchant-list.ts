import { startMerchantListRequests } from '@/features/merchants/early-merchant-list'
import { leaveForSignIn, paintSignedInFrame } from './signed-in-frame'

// The merchant list's inline boot script (src/prerender/pages.ts): no session, straight to /login;
// otherwise the account's and the list's first requests go now (the app takes their answers), and the
// stored theme and layout are applied to the frame, with what the Workplace drew last for this account.
const started = startMerchantListRequests()
if (started) paintSignedInFrame(started.memory)
else leaveForSignIn()
