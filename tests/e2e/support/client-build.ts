import { writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import pandacss from '@pandacss/dev/postcss'
import { build, type Plugin } from 'vite'

/** A feature to build into the client: the name its plugin is imported as, its folder and its plugin.ts. */
export interface AddedPlugin {
  readonly name: string
  readonly folder: string
  readonly module: string
}

const root = process.cwd()
const pluginList = join(root, 'src', 'plugins.ts')
const listOpening = 'export const plugins: ReadonlyArray<Plugin> = ['

/**
 * The edit a developer makes to src/plugins.ts to add a feature, made on the module as Vite reads
 * it (the file on disk is not touched): an import of its plugin.ts and one entry in the list. The
 * entry goes first: the last must stay the errors plugin, whose '*' route catches everything.
 */
const withPluginLine = (added: AddedPlugin): Plugin => ({
  name: 'fasl-test:add-plugin-line',
  enforce: 'pre',
  transform(code, id) {
    if (id.split('?')[0] !== pluginList) return null
    if (!code.includes(listOpening)) throw new Error(`src/plugins.ts no longer opens its list with "${listOpening}": update this test's edit`)
    const from = relative(dirname(pluginList), added.module).split(sep).join('/')
    return { code: `import ${added.name} from '${from}'\n${code.replace(listOpening, `${listOpening}\n  ${added.name},`)}`, map: null }
  },
})

/**
 * Panda writes the CSS of the classes it finds in its `include` files (panda.config.ts: src/ and
 * plugins/). A feature under plugins/ is found there; one elsewhere is added to the list for this
 * build, through a config that extends the project's (written in the build's folder).
 */
const pandaIncluding = (folder: string, workDir: string) => {
  const configPath = join(workDir, 'panda.config.ts')
  writeFileSync(
    configPath,
    [
      `import config from ${JSON.stringify(join(root, 'panda.config.ts'))}`,
      `export default { ...config, include: [...config.include, ${JSON.stringify(`./${relative(root, folder).split(sep).join('/')}/**/*.{ts,tsx}`)}] }`,
    ].join('\n'),
  )
  return pandacss({ configPath, cwd: root })
}

/**
 * `npx vite build` with the project's vite.config.ts, as it would run after adding `added` to
 * src/plugins.ts, into `workDir`/dist, which it returns (the server serves it: StartOptions.distDir).
 * About a minute.
 */
export const buildClientWith = async (added: AddedPlugin, workDir: string): Promise<string> => {
  const outDir = join(workDir, 'dist')
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    plugins: [withPluginLine(added)],
    // Panda's types name the project's copy of postcss and Vite's its own: the same plugin shape.
    css: { postcss: { plugins: [pandaIncluding(added.folder, workDir) as never] } },
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}
