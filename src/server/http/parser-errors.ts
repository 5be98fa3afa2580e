import type { Duplex } from 'node:stream';
import { HttpProblem } from '../../api/problem.js';
import { problemRepresentation, rawResponse, render } from './respond.js';
import { unsupportedRequestLine } from './unsupported.js';

/** What Node's parser and timers report, as the status Node itself would send, with a detail saying why. */
function problemFor(code: string | undefined): HttpProblem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpProblem(431, 'The request headers are too large; the limit is 16 KiB for the request line and headers together.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpProblem(408, 'The request was not received in time (10 s for the headers, 15 s for the whole request).');
    case 'HPE_INVALID_METHOD':
      return new HttpProblem(400, 'The request method is not a valid HTTP method token; the API answers GET, HEAD, POST and OPTIONS.');
    default:
      return new HttpProblem(400, 'The request is not valid HTTP/1.1 and cannot be parsed.');
  }
}

/**
 * Answers an error raised by Node's HTTP parser (server 'clientError') as problem+json with CORS, written
 * raw because no response object exists yet, then closes the socket. Node's own answer has an empty body
 * and no CORS header, which a browser reports as an opaque failure.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  // A client that went away (reset, or a half-written request on a closed socket) has no one to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = unsupportedRequestLine(error.rawPacket, error.code) ?? problemFor(error.code);
  const out = render({ method: 'GET', header: () => undefined }, problemRepresentation(problem));
  socket.end(rawResponse(out));
}
