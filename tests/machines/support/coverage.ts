import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate'

/**
 * Measures which state nodes and transitions of a machine real actors went through, so a test can
 * check that the generated paths walk the whole machine (not just what the generator believed).
 */
export function createCoverage(machine: AnyStateMachine) {
  const allNodes: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    allNodes.push(node)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)

  /** A transition's name: source, event, position among the source's transitions for that event. */
  const keyOf = (t: AnyTransitionDefinition) => {
    const source = t.source
    const siblings = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? [])
    const index = siblings.findIndex((s: AnyTransitionDefinition) => s === t || (s.eventType === t.eventType && sameTargets(s, t) && s.guard === t.guard))
    return `${source.id} —${t.eventType || 'always'}#${index}→ ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`
  }
  const sameTargets = (a: AnyTransitionDefinition, b: AnyTransitionDefinition) =>
    (a.target ?? []).map((n) => n.id).join() === (b.target ?? []).map((n) => n.id).join()

  const allTransitions = new Set<string>()
  for (const node of allNodes) {
    for (const list of node.transitions.values()) for (const t of list) allTransitions.add(keyOf(t))
    for (const t of node.always ?? []) allTransitions.add(keyOf(t))
  }

  const visitedNodes = new Set<string>()
  const takenTransitions = new Set<string>()
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return
    const snapshot = event.snapshot as unknown as { matches: (path: string) => boolean; machine?: AnyStateMachine }
    if (snapshot.machine?.id !== machine.id) return
    for (const t of event._transitions) {
      takenTransitions.add(keyOf(t))
      visitedNodes.add(t.source.id)
      // History nodes are never "in" a snapshot; being targeted is their visit.
      for (const target of t.target ?? []) if (target.type === 'history') visitedNodes.add(target.id)
    }
    for (const node of allNodes) if (node.path.length === 0 || snapshot.matches(node.path.join('.'))) visitedNodes.add(node.id)
  }

  return {
    inspect,
    missedNodes: () => allNodes.map((n) => n.id).filter((id) => !visitedNodes.has(id)),
    missedTransitions: () => [...allTransitions].filter((k) => !takenTransitions.has(k)),
    allTransitions: () => [...allTransitions],
  }
}
