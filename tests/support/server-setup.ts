import 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the HTTP and browser tests, from the build `npm test` made just before. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
