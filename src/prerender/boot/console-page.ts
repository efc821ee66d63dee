import { bootListPage } from './list-page'

// A list's inline boot script (src/prerender/pages.ts `listFrame`): see ./list-page.ts.
bootListPage()
