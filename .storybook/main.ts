import type { StorybookConfig } from '@storybook/react-vite'

// Component review for src/components (DESIGN §2). Reuses vite.config.ts; offline, so no telemetry.
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}

export default config
