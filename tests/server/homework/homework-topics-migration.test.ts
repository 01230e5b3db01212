import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../server/db/migrate.ts'
import { migrationSets } from '../../../server/features.ts'
import { migrationEngines, type EmptyDatabase } from '../support/migration-databases.ts'
import { seedSecondSchool } from '../support/second-school.ts'

/**
 * Homework migration 0003: a database whose homework has its one topic in homework.topic_id (as
 * every one did before topicIds) keeps it, moved to homework_topics, on a server started with 0003.
 */
describe.each(migrationEngines)("homework's one topic moves to homework_topics, on $name", (engine) => {
  const databases: EmptyDatabase[] = []
  const folders: string[] = []
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()))
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('keeps the topic of a homework saved before, and drops the column', async () => {
    const database = await engine.create()
    databases.push(database)
    const db = await database.connect()
    // The server before 0003: homework's migrations without it.
    const homework = migrationSets.find((set) => set.id === 'homework')!
    const before = mkdtempSync(join(tmpdir(), 'fasl-homework-before-'))
    folders.push(before)
    for (const file of readdirSync(homework.migrations!).filter((name) => name.endsWith('.sql') && !name.startsWith('0003_')))
      copyFileSync(join(homework.migrations!, file), join(before, file))
    await migrate(
      db,
      migrationSets.map((set) => (set.id === 'homework' ? { ...set, migrations: before } : set)),
    )
    const school = await seedSecondSchool(db)
    const [chapter] = await db.query<{ id: number }>(
      `INSERT INTO chapters (school_id, subject_id, semester_id, name, created_by) VALUES ($1, $2, $3, 'Maps', $4) RETURNING id`,
      [school.schoolId, school.subjectId, school.semesterId, school.teacherId],
    )
    const [topic] = await db.query<{ id: number }>(`INSERT INTO topics (school_id, chapter_id, name) VALUES ($1, $2, 'Scales') RETURNING id`, [
      school.schoolId,
      chapter!.id,
    ])
    const insert = (topicId: number | null) =>
      db.query<{ id: number }>(
        `INSERT INTO homework (school_id, class_room_id, subject_id, chapter_id, topic_id, teacher_id, kind, title, body, questions, total_degree, starts_at, due_at, target_kind, answers_release)
         VALUES ($1, $2, $3, $4, $5, $6, 'homework', 'Old homework', 'Old text', '[]'::jsonb, 0, now(), now() + interval '1 day', 'class', 'afterDue') RETURNING id`,
        [school.schoolId, school.classRoomId, school.subjectId, chapter!.id, topicId, school.teacherId],
      )
    const [tagged] = await insert(topic!.id)
    const [untagged] = await insert(null)

    expect(await migrate(db, migrationSets)).toEqual(['homework/0003_homework_topics.sql'])
    expect(
      await db.query('SELECT school_id AS "schoolId", homework_id AS "homeworkId", topic_id AS "topicId" FROM homework_topics ORDER BY homework_id'),
    ).toEqual([{ schoolId: school.schoolId, homeworkId: tagged!.id, topicId: topic!.id }])
    expect(untagged).toBeDefined()
    expect(
      await db.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'homework' AND column_name = 'topic_id'`),
    ).toEqual([])
  })
})
