/** One thing wrong with one content file, precise enough to fix without reading the code. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

/** Thrown once with every problem found, so an author fixes them all in one pass. */
export class ContentError extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem[]) {
    const lines = problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`);
    super(`Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** Thrown when a serialized artifact is not one this code can read. */
export class ArtifactError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ArtifactError';
  }
}
