import type { ClassRoom } from './contract/class-room.ts'
import { useT } from '../../src/i18n/intl.tsx'

/** A class room is always named with its division ("Grade 4 – A"): two divisions of a grade share a name. */
export function useClassRoomLabel(): (room: Pick<ClassRoom, 'name' | 'division'>) => string {
  const t = useT()
  return (room) => t('classroom.rooms.label', { name: room.name, division: room.division })
}
