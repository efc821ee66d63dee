import type { Config } from 'tailwindcss'

// Colours resolve to CSS variables so the theme colour (a generated 10-step palette) and the dark
// theme switch at run time without rebuilding the stylesheet.
const primary = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((step) => [String(step), `var(--primary-${step})`]),
)

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: ['selector', 'body[data-theme="dark"]'],
  theme: {
    extend: {
      colors: {
        primary: {
          DEFAULT: 'var(--primary-accent)',
          foreground: 'var(--primary-foreground)',
          solid: 'var(--primary-solid)',
          'solid-hover': 'var(--primary-solid-hover)',
          ...primary,
        },
        background: 'var(--background)',
        foreground: 'var(--foreground)',
        muted: { DEFAULT: 'var(--muted)', foreground: 'var(--muted-foreground)' },
        card: { DEFAULT: 'var(--card)', foreground: 'var(--card-foreground)' },
        popover: { DEFAULT: 'var(--popover)', foreground: 'var(--popover-foreground)' },
        border: 'var(--border)',
        input: 'var(--input)',
        ring: 'var(--primary-accent)',
        accent: { DEFAULT: 'var(--accent)', foreground: 'var(--accent-foreground)' },
        danger: { DEFAULT: 'var(--danger)', foreground: 'var(--danger-foreground)', subtle: 'var(--danger-subtle)' },
        success: { DEFAULT: 'var(--success)', subtle: 'var(--success-subtle)' },
      },
      borderRadius: { DEFAULT: '4px', md: '6px', lg: '8px' },
    },
  },
} satisfies Config
