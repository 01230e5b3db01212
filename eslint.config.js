import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Which part may import which (core, features, client, server, shared) is checked on resolved imports
// by dependency-cruiser (.dependency-cruiser.js, `npm run boundaries`), not here.
export default tseslint.config(
  { ignores: ['dist/**', 'styled-system/**', 'node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': 'off',
      // Prettier owns the layout (npm run format); this rule would flag its line breaks before a computed call.
      'no-unexpected-multiline': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
)
