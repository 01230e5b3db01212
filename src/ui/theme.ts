/** Design tokens: calm neutrals and one teal accent; components use these names, never raw colours. */
export const theme = {
  extend: {
    tokens: {
      zIndex: {
        hide: { value: -1 },
        base: { value: 0 },
        docked: { value: 10 },
        dropdown: { value: 1000 },
        sticky: { value: 1100 },
        banner: { value: 1200 },
        overlay: { value: 1300 },
        modal: { value: 1400 },
        popover: { value: 1500 },
        skipLink: { value: 1600 },
        toast: { value: 1700 },
        tooltip: { value: 1800 },
      },
      fonts: {
        body: { value: "system-ui, -apple-system, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans', Tahoma, sans-serif" },
      },
      colors: {
        teal: {
          50: { value: '#effaf8' },
          100: { value: '#d6f1ec' },
          500: { value: '#14877a' },
          600: { value: '#0f6f64' },
          700: { value: '#0c5a52' },
        },
        slate: {
          50: { value: '#f8fafc' },
          100: { value: '#f1f5f9' },
          200: { value: '#e2e8f0' },
          300: { value: '#cbd5e1' },
          500: { value: '#64748b' },
          700: { value: '#334155' },
          900: { value: '#0f172a' },
        },
        red: { 50: { value: '#fef2f2' }, 200: { value: '#fecaca' }, 600: { value: '#b42318' }, 700: { value: '#912018' } },
        amber: { 50: { value: '#fffbeb' }, 200: { value: '#fde68a' }, 700: { value: '#a15c07' } },
      },
    },
    semanticTokens: {
      colors: {
        bg: { canvas: { value: '{colors.slate.50}' }, surface: { value: 'white' }, subtle: { value: '{colors.slate.100}' } },
        fg: { default: { value: '{colors.slate.900}' }, muted: { value: '{colors.slate.600}' }, onAccent: { value: 'white' } },
        border: { default: { value: '{colors.slate.200}' }, strong: { value: '{colors.slate.300}' } },
        accent: {
          default: { value: '{colors.teal.600}' },
          emphasis: { value: '{colors.teal.700}' },
          subtle: { value: '{colors.teal.50}' },
          muted: { value: '{colors.teal.100}' },
        },
        danger: {
          default: { value: '{colors.red.600}' },
          emphasis: { value: '{colors.red.700}' },
          subtle: { value: '{colors.red.50}' },
          border: { value: '{colors.red.200}' },
        },
        warning: { default: { value: '{colors.amber.700}' }, subtle: { value: '{colors.amber.50}' }, border: { value: '{colors.amber.200}' } },
        focus: { ring: { value: '{colors.teal.500}' } },
        overlay: { value: 'rgba(15, 23, 42, 0.45)' },
      },
    },
  },
} as const
