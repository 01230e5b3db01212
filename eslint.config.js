import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const noUiOrServer = {
  patterns: [
    { group: ['react', 'react-dom', '@xstate/react', '@ark-ui/*', 'wouter'], message: 'machines/ and contracts/ stay free of React and the DOM.' },
    { group: ['**/server/**', '**/src/**', '**/plugins/**'], message: 'machines/ and contracts/ import only each other and libraries.' },
  ],
}

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
  { files: ['machines/**', 'contracts/**'], rules: { 'no-restricted-imports': ['error', noUiOrServer] } },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/plugins/**'], message: 'server/ imports contracts/, never the client.' }] }],
    },
  },
  // A plugin never imports another plugin: from plugins/<id>/<depth…>/file, a path that climbs
  // exactly to plugins/ and goes down again names a sibling plugin. Climbing further (src/,
  // contracts/, machines/) or staying inside the plugin is fine.
  ...[1, 2, 3].map((depth) => ({
    files: [`plugins/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\./)`, message: 'A plugin never imports another plugin; move shared code to src/ or contracts/.' },
          ],
        },
      ],
    },
  })),
)
