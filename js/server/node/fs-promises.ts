// `fs/promises` / `node:fs/promises` for server code: fs.ts's promise API.
import { promises, constants } from './fs';

export const { readFile, readdir, stat, lstat, access, writeFile, mkdir, rm } = promises;
export { constants };
export default { ...promises, constants };
