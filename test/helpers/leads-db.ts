import Database from 'better-sqlite3';
import path from 'node:path';

/** The leads the real intake service stored in `dataDir`, oldest first. */
export function storedLeads(dataDir: string): { kind: string; fields: Record<string, string> }[] {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select kind, fields from leads order by id').all() as { kind: string; fields: string }[]).map((row) => ({
      kind: row.kind,
      fields: JSON.parse(row.fields),
    }));
  } catch {
    return [];
  } finally {
    db.close();
  }
}
