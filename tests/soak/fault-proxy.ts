import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the proxy does to one request. */
export type Fault = 'none' | 'dropRequest' | 'dropAnswer' | 'answer500' | 'answer503' | 'delayPastTimeout' | 'killServer'

export interface FaultProxyOptions {
  /** The server's port (127.0.0.1), read per request: it stays the same across restarts. */
  readonly upstreamPort: number
  /** Picks the fault for a request (the soak's dice). */
  readonly choose: (request: IncomingMessage) => Fault
  /** How long a "delayed" answer is held: longer than the client waits. */
  readonly delayMs: number
  /** SIGKILLs the server while it works on the request in flight (restarting it is the soak's job). */
  readonly kill: () => void
}

export interface FaultProxy {
  readonly url: string
  readonly counts: Readonly<Record<Fault, number>>
  /** Requests that reached no server (refused while it restarted): a gateway's 502. */
  readonly badGateway: () => number
  readonly close: () => Promise<void>
}

const gatewayPage = (status: number, text: string) => `<html><head><title>${status} ${text}</title></head><body><h1>${text}</h1></body></html>`

/**
 * A reverse proxy on 127.0.0.1 that injects faults the way a real network and gateway produce them:
 * a request dropped before the server saw it, an answer dropped after the server committed, a
 * gateway's own 500 and 503 pages (HTML, not the API's envelope), an answer held past the client's
 * time-out, and the server killed with SIGKILL while the request is inside its transaction. A server
 * that cannot be reached is answered 502, as nginx would.
 */
export const startFaultProxy = async (options: FaultProxyOptions): Promise<FaultProxy> => {
  const counts: Record<Fault, number> = { none: 0, dropRequest: 0, dropAnswer: 0, answer500: 0, answer503: 0, delayPastTimeout: 0, killServer: 0 }
  let badGateway = 0
  const held = new Set<NodeJS.Timeout>()

  const relay = (request: IncomingMessage, response: ServerResponse, fault: Fault) => {
    const upstream = forward(
      { host: '127.0.0.1', port: options.upstreamPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('error', () => response.socket?.destroy())
        answer.on('end', () => {
          // The server has answered, so it has committed (or refused): the client never hears it.
          if (fault === 'dropAnswer') return void response.socket?.destroy()
          const send = () => {
            if (response.destroyed || response.socket === null || response.socket.destroyed) return
            response.writeHead(answer.statusCode ?? 502, answer.headers)
            response.end(Buffer.concat(chunks))
          }
          if (fault !== 'delayPastTimeout') return send()
          const timer = setTimeout(() => (held.delete(timer), send()), options.delayMs)
          held.add(timer)
        })
      },
    )
    upstream.on('error', () => {
      badGateway++
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(502, { 'content-type': 'text/html' })
        response.end(gatewayPage(502, 'Bad Gateway'))
      }
    })
    request.pipe(upstream)
    if (fault === 'killServer')
      // Once the body is on its way the handler is running: kill it a few milliseconds in, mid-transaction.
      request.on('end', () => setTimeout(options.kill, Math.floor(Math.random() * 8)))
  }

  const server: Server = createServer((request, response) => {
    const fault = options.choose(request)
    counts[fault]++
    switch (fault) {
      case 'dropRequest':
        request.socket.destroy()
        return
      case 'answer500':
      case 'answer503':
        request.resume()
        request.on('end', () => {
          const status = fault === 'answer500' ? 500 : 503
          response.writeHead(status, { 'content-type': 'text/html' })
          response.end(gatewayPage(status, status === 500 ? 'Internal Server Error' : 'Service Unavailable'))
        })
        return
      default:
        relay(request, response, fault)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    badGateway: () => badGateway,
    close: async () => {
      for (const timer of held) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
