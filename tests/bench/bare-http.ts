import { createServer } from 'node:http'

/** The machine's ceiling: the smallest possible Node JSON answer, measured in the same run as Fasl. */
const body = JSON.stringify({ responseCode: 200, responseData: [], responseMessage: null, validationList: [] })
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  response.end(body)
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening ${typeof address === 'object' && address !== null ? address.port : ''}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
