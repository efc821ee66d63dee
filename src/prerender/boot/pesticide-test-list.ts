import { pesticideTestDays } from '@contract/pesticide-test-days'
import './console-page'
import { fillClockDays } from './clock-days'

// The pesticide tests list's inline boot script: a list's (./console-page.ts), and the toolbar's days
// as the list counts them by default (the last seven Shanghai days to today), from the visitor's clock.
fillClockDays(pesticideTestDays({}))
