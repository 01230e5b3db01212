import { readFileSync } from 'node:fs'
import { megabyte, sendGeneratedVideo } from '../support/generated-video.ts'
import type { RunningServer } from '../support/server-process.ts'

export interface UploadResult {
  readonly mb: number
  readonly seconds: number
  readonly mbPerSecond: number
  /** The server process's peak resident memory during the upload above its level just before. */
  readonly rssGrowthMb: number
}

/** The server process's resident memory, from /proc (the process is another one: process.memoryUsage cannot see it). */
const rssMb = (pid: number): number => {
  const line = /VmRSS:\s+(\d+) kB/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return line === null ? Number.NaN : Number(line[1]) / 1024
}

/**
 * A 200 MB video sent to `UploadAttachment` of the real server process as a teacher would (one
 * request, the raw bytes as the body), the process's RSS sampled every 20 ms from /proc.
 */
export const measureUpload = async (server: RunningServer, token: string, size = 200 * megabyte - 1): Promise<UploadResult> => {
  const baseline = rssMb(server.pid)
  let peak = baseline
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20)
  const started = performance.now()
  try {
    const answer = await sendGeneratedVideo(`${server.url}/school/api/Courses/UploadAttachment?FileName=lecture.mp4`, token, size)
    const seconds = (performance.now() - started) / 1000
    if (answer.status !== 200 || (JSON.parse(answer.body) as { responseCode: number }).responseCode !== 200)
      throw new Error(`upload refused: ${answer.status} ${answer.body.slice(0, 300)}`)
    return { mb: size / megabyte, seconds, mbPerSecond: size / megabyte / seconds, rssGrowthMb: peak - baseline }
  } finally {
    clearInterval(timer)
  }
}
