import { lazy, Suspense, type ComponentType } from 'react'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../contract/class-room.ts'
import { useClassRoomLabel } from '../class-room-label.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { PageErrorBoundary } from '../../../src/plugin-host/page-error-boundary.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import type { ClassRoomPanelProps, ClassRoomTabContribution } from '../public.ts'

const panels = new WeakMap<ClassRoomTabContribution['panel'], ComponentType<ClassRoomPanelProps>>()
/** One lazy component per contributed panel, made once (a new lazy() per render would load it again). */
const panelOf = (load: ClassRoomTabContribution['panel']): ComponentType<ClassRoomPanelProps> => {
  let Panel = panels.get(load)
  if (Panel === undefined) panels.set(load, (Panel = lazy(load)))
  return Panel
}

/** A tab another feature fills through the class room's extension point (plugins/classroom/public.ts), loaded when first opened. */
export function ContributedTab({
  contribution,
  room,
  subjects,
}: {
  contribution: ClassRoomTabContribution
  room: ClassRoom
  subjects: ReadonlyArray<Subject>
}) {
  const t = useT()
  const label = useClassRoomLabel()
  const Panel = panelOf(contribution.panel)
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
        <Panel classRoomId={room.classRoomId} name={label(room)} subjects={subjects} />
      </Suspense>
    </PageErrorBoundary>
  )
}
