import { css } from 'styled-system/css'
import type { ClassRoomPanelProps } from '../../classroom/public.ts'
import { ExtraTimeList } from '../accommodations/extra-time-list.tsx'

/** The class room page's exams tab: its students' standing extra time for timed exams. */
export default function ClassRoomExamsPanel({ classRoomId }: ClassRoomPanelProps) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <ExtraTimeList classRoomId={classRoomId} />
    </div>
  )
}
