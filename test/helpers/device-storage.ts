/**
 * Everything a page of the site keeps on the device, read inside the page (pass it to
 * `page.evaluate` of playwright-core or puppeteer-core): its localStorage, every record of
 * every object store of every IndexedDB database of the origin (indexedDB.databases()), and
 * the names of the Cache API's caches. Self-contained: the browser runs it as written.
 */
export interface DeviceStorage {
  local: Record<string, string | null>;
  /** Every record, as `{ store: "<database>/<object store>", value }`. */
  records: { store: string; value: unknown }[];
  cacheNames: string[];
}

export async function readDeviceStorage(): Promise<DeviceStorage> {
  const local = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
  const cacheNames = 'caches' in self ? await caches.keys() : [];
  const records: { store: string; value: unknown }[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name); // an existing database, at its version: nothing is created
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB failed'));
    });
    try {
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error ?? new Error('IndexedDB failed'));
        });
        for (const value of values) records.push({ store: `${name}/${storeName}`, value });
      }
    } finally {
      db.close();
    }
  }
  return { local, records, cacheNames };
}
