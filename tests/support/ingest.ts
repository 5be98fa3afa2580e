import { IngestError } from '../../src/core/ingest/ingest.js';

/** The message of the IngestError the promise rejects with; anything else fails the test. */
export async function ingestProblem(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IngestError) return error.message;
    throw error;
  }
  throw new Error('expected an IngestError');
}
