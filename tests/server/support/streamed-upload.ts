import { request } from 'node:http'
import { generatedVideo, megabyte } from '../../support/generated-video.ts'

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
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(size) } })
    req.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    void (async () => {
      for await (const chunk of generatedVideo(size)) if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained))
      req.end()
    })()
  })
  clearInterval(timer)
  return { ...answer, growth: { rss: (peakRss - baseline.rss) / megabyte, arrayBuffers: (peakBuffers - baseline.arrayBuffers) / megabyte } }
}
