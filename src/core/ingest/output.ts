import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `<contentDir>/sources/<id>.md` through a temporary file in the same folder and a rename, so a
 * failure never leaves a half-written source behind.
 */
export async function writeSource(contentDir: string, id: string, text: string): Promise<string> {
  const folder = path.join(contentDir, 'sources');
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, `${id}.md`);
  const temporary = path.join(folder, `.${id}.md.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return target;
}
