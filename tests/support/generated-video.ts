import { request } from 'node:http'

/** Bytes of a video the upload rules accept, for the upload tests and the benchmark. */
export const megabyte = 1024 * 1024

/** An ISO media header (`ftyp` isom) and `size` bytes in all: what an MP4 starts with. */
export const mp4Head = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new TextEncoder().encode('isomiso2')])

/** `size` bytes of an MP4, made as they are sent (1 MB of zeros reused), never held whole. */
export async function* generatedVideo(size: number) {
  const chunk = new Uint8Array(megabyte)
  yield mp4Head
  for (let sent = mp4Head.length; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent)
}

/** POSTs `size` generated video bytes to `url` with their Content-Length, with back-pressure; answers the status and the body. */
export const sendGeneratedVideo = (url: string, token: string, size: number) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    })
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
