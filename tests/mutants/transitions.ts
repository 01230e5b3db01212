import ts from 'typescript'

/**
 * The transitions of an XState machine file, found in its source (the TypeScript syntax tree of the
 * `createMachine({...})` config), with the places a mutant rewrites: the target and the guard.
 * A transition is a place in the source: one shared by several states (a `const` used twice) is
 * one transition, and its mutants change it for all of them, as an edit of that place would.
 */

export interface Transition {
  /** `<file name> <source states> <event>#<index among that event's branches>` — the key of equivalent.ts. */
  readonly name: string
  readonly sources: ReadonlyArray<string>
  readonly event: string
  readonly index: number
  /** The state (leaf path) it goes to; for a transition without target, the state it stays in ('(any)' on the root). */
  readonly destination: string
  readonly guarded: boolean
  /** The source text with this transition sent to `target` (a leaf path). */
  readonly withTarget: (target: string) => string
  /** The source text without this transition's guard; undefined when it has none. */
  readonly withoutGuard: (() => string) | undefined
}

export interface MachineSource {
  readonly id: string
  /** Leaf states in document order that a transition may be sent to (no history, no transient state). */
  readonly targets: ReadonlyArray<string>
  readonly transitions: ReadonlyArray<Transition>
}

interface StateInfo {
  readonly path: ReadonlyArray<string>
  readonly node: ts.ObjectLiteralExpression
  readonly history: boolean
  readonly transient: boolean
  readonly children: ReadonlyArray<string>
  readonly initial: string | undefined
}

const keyOf = (name: ts.PropertyName): string => (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText())

export const parseMachine = (fileName: string, text: string): MachineSource => {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const label = fileName.replace(/^.*\//, '').replace(/\.machine\.ts$/, '')

  /** Looks through `as const`, parentheses and top-level `const` names to the expression itself. */
  const resolve = (node: ts.Expression): ts.Expression => {
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return resolve(node.expression)
    if (ts.isIdentifier(node)) {
      for (const statement of file.statements) {
        if (!ts.isVariableStatement(statement)) continue
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === node.text && declaration.initializer) return resolve(declaration.initializer)
        }
      }
    }
    return node
  }
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find((entry): entry is ts.PropertyAssignment => ts.isPropertyAssignment(entry) && keyOf(entry.name) === name)
  const objectAt = (object: ts.ObjectLiteralExpression, name: string) => {
    const found = property(object, name)
    const value = found && resolve(found.initializer)
    return value && ts.isObjectLiteralExpression(value) ? value : undefined
  }
  const stringAt = (object: ts.ObjectLiteralExpression, name: string) => {
    const found = property(object, name)
    const value = found && resolve(found.initializer)
    return value && ts.isStringLiteralLike(value) ? value.text : undefined
  }

  let config: ts.ObjectLiteralExpression | undefined
  const find = (node: ts.Node) => {
    if (config) return
    if (ts.isCallExpression(node) && /(^|\.)createMachine$/.test(node.expression.getText()) && node.arguments[0]) {
      const argument = resolve(node.arguments[0])
      if (ts.isObjectLiteralExpression(argument)) config = argument
    }
    ts.forEachChild(node, find)
  }
  find(file)
  if (!config) throw new Error(`${fileName}: no createMachine({...}) config found`)
  const id = stringAt(config, 'id') ?? label

  // Every state node, in document order.
  const states: StateInfo[] = []
  const walkState = (node: ts.ObjectLiteralExpression, path: ReadonlyArray<string>) => {
    const children = objectAt(node, 'states')
    const always = property(node, 'always') && resolve(property(node, 'always')!.initializer)
    const branches = always ? (ts.isArrayLiteralExpression(always) ? always.elements.map(resolve) : [always]) : []
    const last = branches.at(-1)
    const transient = last !== undefined && (ts.isStringLiteralLike(last) || (ts.isObjectLiteralExpression(last) && property(last, 'guard') === undefined))
    const childNames = children ? children.properties.filter(ts.isPropertyAssignment).map((entry) => keyOf(entry.name)) : []
    states.push({ path, node, history: stringAt(node, 'type') === 'history', transient, children: childNames, initial: stringAt(node, 'initial') })
    if (children)
      for (const entry of children.properties.filter(ts.isPropertyAssignment)) {
        const child = resolve(entry.initializer)
        if (ts.isObjectLiteralExpression(child)) walkState(child, [...path, keyOf(entry.name)])
      }
  }
  walkState(config, [])
  const stateAt = (path: ReadonlyArray<string>) => states.find((state) => state.path.join('.') === path.join('.'))

  /** The leaf a target lands in: a compound state's initial child, a history state's default. */
  const leafOf = (path: ReadonlyArray<string>): string => {
    const state = stateAt(path)
    if (!state) throw new Error(`${fileName}: no state ${path.join('.')}`)
    if (state.history) {
      const fallback = stringAt(state.node, 'target')
      return fallback ? leafOf([...path.slice(0, -1), ...fallback.split('.')]) : path.join('.')
    }
    if (state.children.length > 0) return leafOf([...path, state.initial ?? state.children[0]!])
    return path.join('.')
  }
  const targetPath = (target: string, source: ReadonlyArray<string>): ReadonlyArray<string> => {
    if (target.startsWith('#')) {
      const [machineId, ...rest] = target.slice(1).split('.')
      if (machineId !== id) throw new Error(`${fileName}: target ${target} names another node id`)
      return rest
    }
    if (target.startsWith('.')) return [...source, ...target.slice(1).split('.')]
    return [...source.slice(0, -1), ...target.split('.')]
  }

  const found = new Map<number, { sources: string[]; event: string; index: number; spec: ts.Expression; source: ReadonlyArray<string> }>()
  const addTransitions = (value: ts.Expression, source: ReadonlyArray<string>, event: string) => {
    const spec = resolve(value)
    const branches = ts.isArrayLiteralExpression(spec) ? spec.elements.map(resolve) : [spec]
    branches.forEach((branch, index) => {
      const known = found.get(branch.getStart())
      if (known) known.sources.push(source.join('.') || '(root)')
      else found.set(branch.getStart(), { sources: [source.join('.') || '(root)'], event, index, spec: branch, source })
    })
  }
  for (const state of states) {
    const on = objectAt(state.node, 'on')
    if (on) for (const entry of on.properties.filter(ts.isPropertyAssignment)) addTransitions(entry.initializer, state.path, keyOf(entry.name))
    const always = property(state.node, 'always')
    if (always) addTransitions(always.initializer, state.path, 'always')
    const after = objectAt(state.node, 'after')
    if (after) for (const entry of after.properties.filter(ts.isPropertyAssignment)) addTransitions(entry.initializer, state.path, `after ${keyOf(entry.name)}`)
    const invokeAt = property(state.node, 'invoke')
    const invoke = invokeAt && resolve(invokeAt.initializer)
    const invokes = invoke ? (ts.isArrayLiteralExpression(invoke) ? invoke.elements.map(resolve) : [invoke]) : []
    for (const one of invokes.filter(ts.isObjectLiteralExpression)) {
      const actor = stringAt(one, 'id') ?? stringAt(one, 'src') ?? 'invoke'
      for (const outcome of ['onDone', 'onError', 'onSnapshot']) {
        const handler = property(one, outcome)
        if (handler) addTransitions(handler.initializer, state.path, `${actor}.${outcome}`)
      }
    }
  }

  const atomic = states.filter((state) => state.children.length === 0 && state.path.length > 0)
  const targets = atomic.filter((state) => !state.history && !state.transient).map((state) => state.path.join('.'))
  const quoted = (leaf: string) => `'#${id}.${leaf}'`
  const replace = (start: number, end: number, by: string) => text.slice(0, start) + by + text.slice(end)

  const transitions = [...found.values()].map(({ sources, event, index, spec, source }): Transition => {
    const object = ts.isObjectLiteralExpression(spec) ? spec : undefined
    const targetNode = object ? property(object, 'target')?.initializer : spec
    const targetText = targetNode && ts.isStringLiteralLike(targetNode) ? targetNode.text : undefined
    const stayIn = stateAt(source)!
    // Without a target it stays where it is: its own state, or (on the root) any state at all.
    const destination =
      targetText !== undefined
        ? leafOf(targetPath(targetText, source))
        : source.length === 0
          ? '(any)'
          : stayIn.children.length === 0
            ? source.join('.')
            : leafOf(source)
    const guard = object ? property(object, 'guard') : undefined
    return {
      name: `${label} ${sources.join('|')} ${event}#${index}`,
      sources,
      event,
      index,
      destination,
      guarded: guard !== undefined,
      withTarget: (target) => {
        if (targetNode) return replace(targetNode.getStart(), targetNode.getEnd(), quoted(target))
        // No target: one is added as the object's first property.
        if (!object) throw new Error(`${fileName}: cannot give ${event} a target`)
        return replace(object.getStart() + 1, object.getStart() + 1, ` target: ${quoted(target)}, `)
      },
      withoutGuard: guard
        ? () => {
            // The property and the comma after it (or, when last, the comma before it).
            let end = guard.getEnd()
            const after = /^\s*,\s*/.exec(text.slice(end))
            if (after) return replace(guard.getStart(), end + after[0].length, '')
            const before = /,\s*$/.exec(text.slice(0, guard.getStart()))
            end = guard.getEnd()
            return replace(before ? guard.getStart() - before[0].length : guard.getStart(), end, '')
          }
        : undefined,
    }
  })
  return { id, targets, transitions }
}

/**
 * The other state a target mutant sends a transition to: the next leaf after its destination in
 * document order (wrapping round), skipping the destination itself. With `all`, every other leaf.
 */
export const otherTargets = (machine: MachineSource, transition: Transition, all: boolean): ReadonlyArray<string> => {
  const others = machine.targets.filter((leaf) => leaf !== transition.destination)
  if (all) return others
  const order = machine.targets.indexOf(transition.destination)
  const next = others.find((leaf) => machine.targets.indexOf(leaf) > order) ?? others[0]
  return next === undefined ? [] : [next]
}
