import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from './api-client'
import {
  accountFrozenStore,
  errorMessage,
  isServerUnreachable,
  loginInvalidStore,
  reportRequestError,
} from './request-errors'

const showToast = vi.hoisted(() => vi.fn())
vi.mock('./toast', () => ({ showToast }))

beforeEach(() => {
  loginInvalidStore.set(false)
  showToast.mockReset()
})

describe('reportRequestError', () => {
  it('opens the login-invalid modal for 1001 and shows no toast', () => {
    reportRequestError(new ApiRequestError('expired', 1001), undefined)
    expect(loginInvalidStore.get()).toBe(true)
    expect(accountFrozenStore.get()).toBe(false)
    expect(showToast).not.toHaveBeenCalled()
  })

  it('opens the same modal for 1002, saying the account was frozen', () => {
    reportRequestError(new ApiRequestError('frozen', 1002), undefined)
    expect(loginInvalidStore.get()).toBe(true)
    expect(accountFrozenStore.get()).toBe(true)
    expect(showToast).not.toHaveBeenCalled()
    reportRequestError(new ApiRequestError('expired', 1001), undefined)
    expect(accountFrozenStore.get()).toBe(false)
  })

  it('shows the server message in an error toast for other codes', () => {
    reportRequestError(new ApiRequestError('Access to this resource is denied', 40300), undefined)
    expect(showToast).toHaveBeenCalledWith('error', 'Access to this resource is denied')
    expect(loginInvalidStore.get()).toBe(false)
  })

  it('stays quiet when the caller shows the failure itself', () => {
    reportRequestError(new ApiRequestError('x', 40000), { handlesErrors: true })
    expect(showToast).not.toHaveBeenCalled()
    expect(loginInvalidStore.get()).toBe(false)
  })

  it('opens the re-login modal for an ended session even when the caller shows failures itself', () => {
    reportRequestError(new ApiRequestError('expired', 1001), { handlesErrors: true })
    expect(loginInvalidStore.get()).toBe(true)
    expect(showToast).not.toHaveBeenCalled()
  })

  it("leaves an ended session to a caller that handles it (the route guard's user query)", () => {
    reportRequestError(new ApiRequestError('expired', 1001), { handlesErrors: true, handlesSignOut: true })
    expect(loginInvalidStore.get()).toBe(false)
    expect(showToast).not.toHaveBeenCalled()
  })
})

describe('errorMessage', () => {
  it('words transport failures in the console language', () => {
    expect(errorMessage(new ApiRequestError('', 0, null, 503, 'http'))).toBe('请求失败，状态码 503')
    expect(errorMessage(new ApiRequestError('', 0, null, 0, 'network'))).toBe('网络错误')
    expect(errorMessage(new ApiRequestError('', 0, null, 0, 'aborted'))).toBe('请求已中止')
    expect(errorMessage(new Error('boom'))).toBe('错误')
  })
})

describe('isServerUnreachable', () => {
  it.each([
    ['a request that failed on its way', new ApiRequestError('Network Error', 0, null, 0, 'network'), true],
    ['a proxy answering 502 for a server that is down', new ApiRequestError('', 0, null, 502, 'http'), true],
    ['a proxy answering 503 for a server that is restarting', new ApiRequestError('', 0, null, 503, 'http'), true],
    ['the server’s own failure (50000)', new ApiRequestError('Internal server error', 50000, null, 500), false],
    ['a 502 in the API’s envelope (the server answered)', new ApiRequestError('Bad gateway', 50200, null, 502), false],
    ['a request the page cancelled', new ApiRequestError('Request aborted', 0, null, 0, 'aborted'), false],
    ['a fault of the page', new TypeError('x'), false],
  ])('%s: %s', (_case, error, unreachable) => {
    expect(isServerUnreachable(error)).toBe(unreachable)
  })
})
