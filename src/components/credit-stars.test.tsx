import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { CreditStars } from './credit-stars'

afterEach(cleanup)

describe('credit stars', () => {
  it('fills as many stars as the rating and says it in words', () => {
    render(<CreditStars stars={3} />)
    const stars = screen.getByRole('img', { name: m.credit_stars({ stars: 3 }) })
    expect(stars.querySelectorAll('svg.fill-current')).toHaveLength(3)
    expect(stars.querySelectorAll('svg')).toHaveLength(5)
    expect(stars.getAttribute('title')).toBe(m.credit_stars({ stars: 3 }))
  })
})
