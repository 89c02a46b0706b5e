// `npm run lint`: ESLint with typescript-eslint's type-checked rules over every TypeScript file
// (the compiler's own program, tsconfig.json, through the project service) and the React hooks
// rules over the widgets. The plain JavaScript files (the runner, the served embed script, the
// test stubs and two tool configs) get the untyped rules. Plain JavaScript, so that it loads
// without a TypeScript loader.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'server-build/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.tsx', 'widgets/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['public/**/*.js', 'test/browser-stub/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
