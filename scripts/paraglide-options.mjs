// One place for the paraglide compiler options, shared by the CLI step and the Vite dev plugin.
// Stored choice under `locale` (SPEC §1), otherwise the base locale zh-CN.
/** @type {import('@inlang/paraglide-js').CompilerOptions} */
export const paraglideOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: ['localStorage', 'baseLocale'],
  localStorageKey: 'locale',
  emitGitIgnore: false,
  emitReadme: false,
}
