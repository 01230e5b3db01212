import { megabyte, sendGeneratedVideo } from '../../support/generated-video.ts'

/**
 * POSTs `size` generated video bytes to `url` with their Content-Length, with back-pressure, and
 * answers the status and body together with how much the process memory grew meanwhile (MB, peaks
 * sampled every 20 ms): the check that an upload streams through instead of being held.
 */
export const postGeneratedVideo = async (url: string, token: string, size: number) => {
  const sample = () => process.memoryUsage()
  ;(globalThis as { gc?: () => void }).gc?.()
  const baseline = sample()
  let peakRss = baseline.rss
  let peakBuffers = baseline.arrayBuffers
  const timer = setInterval(() => {
    const now = sample()
    peakRss = Math.max(peakRss, now.rss)
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers)
  }, 20)
  const answer = await sendGeneratedVideo(url, token, size).finally(() => clearInterval(timer))
  return { ...answer, growth: { rss: (peakRss - baseline.rss) / megabyte, arrayBuffers: (peakBuffers - baseline.arrayBuffers) / megabyte } }
}
