import { fileURLToPath } from 'node:url'
import { Layer } from 'effect'
import { ChaptersHandlers } from './chapters.ts'
import { SchoolHandlers } from './school.ts'
import { seedClassroomDemo } from './demo-seed.ts'
import { ensureDemoPhotos } from './demo-photos.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** The school's structure: stages, class rooms and their teachers, subjects, students and parents, semesters, chapters and topics. */
export const classroomFeature = {
  id: 'classroom',
  after: [],
  migrations: fileURLToPath(new URL('./migrations/', import.meta.url)),
  ownedTables: [
    'educational_stages',
    'class_rooms',
    'class_room_teachers',
    'subjects',
    'class_room_subjects',
    'parents',
    'students',
    'semesters',
    'chapters',
    'topics',
  ],
  handlers: Layer.mergeAll(SchoolHandlers, ChaptersHandlers),
  seedDemo: seedClassroomDemo,
  ensureDemoFiles: ensureDemoPhotos,
} satisfies ServerFeature<'school' | 'chapters'>
