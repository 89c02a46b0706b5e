import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds personal data: only the service's user may enter it or read what
 * is in it, whatever existed before (a folder made by hand, files copied in with 0644).
 * Folders become 0700 and files lose every group and other bit (0644 → 0600; a 0400 file
 * stays 0400). SQLite gives a database's -wal and -shm files the mode of the database
 * file, so they follow leads.db.
 */
export function preparePrivateDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Error(`cannot create the data folder ${dir}: ${(error as Error).message}`, { cause: error });
  }
  makePrivate(dir);
}

function makePrivate(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const mode = stat.mode & 0o7777;
  const wanted = stat.isDirectory() ? 0o700 : mode & ~0o077;
  if (mode !== wanted) {
    try {
      fs.chmodSync(target, wanted);
    } catch (error) {
      throw new Error(`cannot make ${target} private (mode ${wanted.toString(8)}): ${(error as Error).message}`, { cause: error });
    }
  }
  if (stat.isDirectory()) for (const name of fs.readdirSync(target)) makePrivate(path.join(target, name));
}

/** Creates `file` empty with mode 0600 if it does not exist yet (before SQLite creates it with the umask's mode). */
export function ensurePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600));
    fs.chmodSync(file, 0o600); // the umask may have taken bits off, never added: this only makes sure
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new Error(`cannot create ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}
