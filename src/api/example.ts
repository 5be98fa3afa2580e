/** One documented call: what to send and what came back when the build sent it. */
export interface Example {
  summary: string;
  /** Path parameters, filled into the path template. */
  params?: Record<string, string>;
  /** Query parameters (GET) as written in the URL. */
  query?: Record<string, string>;
  /** JSON body (POST). */
  body?: Record<string, unknown>;
  /** A body sent as is, to show an error, with its content type. */
  raw?: { body: string; contentType: string };
  status: number;
  response: unknown;
}
