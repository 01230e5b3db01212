import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import type { ClassRoom, Subject } from '../../../contracts/entities.ts'
import { holdsAnyRole } from '../../../contracts/roles.ts'
import { registry } from '../../../src/app/registry.ts'
import { useClassRoomLabel } from '../../../src/classrooms/class-room-label.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { PageErrorBoundary } from '../../../src/plugin-host/page-error-boundary.tsx'
import type { ClassRoomPanelProps } from '../../../src/plugin-host/define-plugin.ts'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'

const panels = new Map<string, ComponentType<ClassRoomPanelProps>>()
/** One lazy component per contributed tab, made once (a new lazy() per render would load it again). */
const panelOf = (tab: string): ComponentType<ClassRoomPanelProps> | null => {
  const contribution = registry.classRoomPanels.find((panel) => panel.tab === tab)
  if (contribution === undefined) return null
  let Panel = panels.get(tab)
  if (Panel === undefined) panels.set(tab, (Panel = lazy(contribution.panel)))
  return Panel
}

/** Whether a feature fills this tab (else the page shows its "coming" state). */
export const isContributed = (tab: string): boolean => registry.classRoomPanels.some((panel) => panel.tab === tab)

/** A filled tab whose feature needs roles the teacher lacks (homework without Assignments): left out. */
export const isWithheld = (tab: string, roles: ReadonlyArray<string>): boolean =>
  registry.classRoomPanels.some((panel) => panel.tab === tab && panel.roles !== undefined && !holdsAnyRole(roles, panel.roles))

/** A tab filled by another feature (src/plugin-host/define-plugin.ts `classRoomPanels`), loaded when first opened. */
export function ContributedTab({ tab, room, subjects }: { tab: string; room: ClassRoom; subjects: ReadonlyArray<Subject> }) {
  const t = useT()
  const label = useClassRoomLabel()
  const Panel = useMemo(() => panelOf(tab), [tab])
  if (Panel === null) return null
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
        <Panel classRoomId={room.classRoomId} name={label(room)} subjects={subjects} />
      </Suspense>
    </PageErrorBoundary>
  )
}
