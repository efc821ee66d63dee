import type { Preview } from '@storybook/react-vite'
import '../src/styles/app.css'

const preview: Preview = {
  globalTypes: {
    theme: { description: 'Console theme', toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true } },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      // The console's dark theme is an attribute on body (SPEC §4).
      if (context.globals.theme === 'dark') document.body.setAttribute('data-theme', 'dark')
      else document.body.removeAttribute('data-theme')
      return (
        <div className="bg-background p-6 text-foreground">
          <Story />
        </div>
      )
    },
  ],
}

export default preview
