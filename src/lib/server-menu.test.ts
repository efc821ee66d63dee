import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { serverMenuKeys, serverMenuQuery } from './server-menu'

describe('the server menu query', () => {
  it('sits under the session keys a new sign-in invalidates, so the next account asks again', async () => {
    // `['auth']` is features/auth/api.ts's authKeys.all, which the sign-in page invalidates.
    expect(serverMenuKeys.all).toEqual(['auth'])
    const client = new QueryClient()
    client.setQueryData(serverMenuQuery().queryKey, [])
    await client.invalidateQueries({ queryKey: serverMenuKeys.all, refetchType: 'none' })
    expect(client.getQueryState(serverMenuKeys.menu())?.isInvalidated).toBe(true)
  })
})
