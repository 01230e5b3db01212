import { Suspense } from 'react'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../contract/class-room.ts'
import { useClassRoomLabel } from '../class-room-label.ts'
import { holdsAnyRole } from '../../../contracts/roles.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { PageErrorBoundary } from '../../../src/plugin-host/page-error-boundary.tsx'
import { useContributions } from '../../../src/plugin-host/registry-context.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { classRoomSubjectSections } from '../public.ts'
import { lazyOnce } from './lazy-once.ts'

/** The sections other features fill in a subject's panel (classRoomSubjectSections, plugins/classroom/public.ts), in their order, for the roles she holds. */
export function SubjectSections({ room, subject }: { room: ClassRoom; subject: Subject }) {
  const t = useT()
  const label = useClassRoomLabel()
  const { roles } = useSession()
  const sections = useContributions(classRoomSubjectSections)
    .filter((section) => section.roles === undefined || holdsAnyRole(roles, section.roles))
    .toSorted((a, b) => a.order - b.order)
  return sections.map((contribution) => {
    const Section = lazyOnce(contribution.section)
    return (
      <PageErrorBoundary key={contribution.id}>
        <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
          <Section classRoomId={room.classRoomId} name={label(room)} subject={subject} />
        </Suspense>
      </PageErrorBoundary>
    )
  })
}
