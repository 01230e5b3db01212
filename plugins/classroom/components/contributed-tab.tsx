import { Suspense } from 'react'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../contract/class-room.ts'
import { useClassRoomLabel } from '../class-room-label.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { PageErrorBoundary } from '../../../src/plugin-host/page-error-boundary.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import type { ClassRoomTabContribution } from '../public.ts'
import { lazyOnce } from './lazy-once.ts'

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
  const Panel = lazyOnce(contribution.panel)
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
        <Panel classRoomId={room.classRoomId} name={label(room)} subjects={subjects} />
      </Suspense>
    </PageErrorBoundary>
  )
}
