// Flat config kept as a dot-file because the repository's top level is fixed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // .bench holds the benchmark's data and the baseline source trees it checks out to measure against.
  { ignores: ['node_modules/**', 'dist/**', 'app/ui/dist/**', 'data/**', 'test/artifacts/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['server/domain/**', 'engines/scoring/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['fastify', 'fastify-*', '@fastify/*', 'electron'] }],
    },
  },
);
