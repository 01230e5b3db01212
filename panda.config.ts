import { defineConfig } from '@pandacss/dev'
import { theme } from './src/ui/theme.ts'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}', './plugins/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme,
  globalCss: {
    'html, body': { fontFamily: 'body', bg: 'bg.canvas', color: 'fg.default', lineHeight: '1.5' },
  },
})
