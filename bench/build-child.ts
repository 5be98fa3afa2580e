/** The data build in its own process, so the bench can read its peak memory: `tsx bench/build-child.ts <out> <content dirs…>`. */
import { fileURLToPath } from 'node:url';
import { buildData } from '../scripts/build-data.js';

const [out, ...dirs] = process.argv.slice(2);
if (!out || dirs.length === 0) throw new Error('usage: tsx bench/build-child.ts <out dir> <content dir>…');
const stats = await buildData(dirs, out, fileURLToPath(new URL('..', import.meta.url)));
console.log(JSON.stringify({ ...stats, maxRssKiB: process.resourceUsage().maxRSS }));
