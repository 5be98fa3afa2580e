import type { Problem } from './types.js';
import { LICENSE } from './limits.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  505: 'HTTP Version Not Supported',
};

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** An error meant for the client: thrown anywhere in request handling, turned into problem+json once. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly parameter?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }

  /** The problem+json body, crediting the operator as `attribution` says. */
  body(attribution: string): Problem {
    return {
      type: `https://httpwg.org/specs/rfc9110.html#status.${this.status}`,
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
      ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
      license: LICENSE,
      attribution,
    };
  }
}
