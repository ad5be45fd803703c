// An in-memory IndexedDB for PyScript's start.
//
// Why: PyScript 0.7 (polyscript) opens IndexedDB for its package cache on every start and awaits
// it. The game uses no packages, so that cache is never read, yet opening a database costs about
// 0.2 s on a first visit (measured) and, where the browser refuses storage (a cross-site iframe with
// third-party storage blocked, some private modes), the refused open breaks the start ("already
// being dispatched" + an uncaught Event): the game would never appear. boot.js installs this
// stand-in of the few calls @webreflection/idb-map makes (open, one object store, get/put/delete/
// clear/count/getKey/getAllKeys) before PyScript starts, and gives the page its real IndexedDB back
// once PyScript has opened its cache (so game saves can use the real one where storage works).

const later = (fn) => setTimeout(fn, 0);

function request(compute) {
  const req = { result: undefined, error: null, readyState: "pending", onsuccess: null, onerror: null };
  later(() => {
    try {
      req.result = compute();
      req.readyState = "done";
      if (req.onsuccess) req.onsuccess({ type: "success", target: req });
    } catch (error) {
      req.error = error;
      req.readyState = "done";
      if (req.onerror) req.onerror({ type: "error", target: req });
    }
  });
  return req;
}

function objectStore(map) {
  return {
    count: () => request(() => map.size),
    clear: () => request(() => { map.clear(); }),
    delete: (key) => request(() => { map.delete(key); }),
    get: (key) => request(() => map.get(key)),
    getKey: (key) => request(() => (map.has(key) ? key : undefined)),
    getAll: () => request(() => [...map.values()]),
    getAllKeys: () => request(() => [...map.keys()]),
    put: (value, key) => request(() => { map.set(key, value); return key; }),
    add: (value, key) => request(() => {
      if (map.has(key)) throw new DOMException("Key already exists", "ConstraintError");
      map.set(key, value);
      return key;
    }),
  };
}

function database(name) {
  const stores = new Map();
  const names = {
    get length() { return stores.size; },
    contains: (n) => stores.has(n),
    item: (i) => [...stores.keys()][i] ?? null,
  };
  return {
    name,
    version: 1,
    objectStoreNames: names,
    createObjectStore(storeName) {
      stores.set(storeName, new Map());
      return objectStore(stores.get(storeName));
    },
    transaction(storeNames) {
      const tx = {
        oncomplete: null, onerror: null, onabort: null,
        objectStore(storeName) {
          if (!stores.has(storeName)) throw new DOMException(`No object store ${storeName}`, "NotFoundError");
          return objectStore(stores.get(storeName));
        },
      };
      later(() => later(() => tx.oncomplete && tx.oncomplete({ type: "complete", target: tx })));
      return tx;
    },
    close() {},
    onabort: null, onclose: null, onerror: null, onversionchange: null,
  };
}

// Installs the stand-in as globalThis.indexedDB; returns a function that puts the real one back.
export function installMemoryIDB() {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  const databases = new Map();
  const memory = {
    open(name) {
      const req = { result: undefined, error: null, transaction: null, readyState: "pending",
                    onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      later(() => {
        let db = databases.get(name);
        const fresh = !db;
        if (fresh) {
          db = database(name);
          databases.set(name, db);
        }
        req.result = db;
        req.readyState = "done";
        if (fresh && req.onupgradeneeded) {
          const upgrade = { oncomplete: null };
          req.transaction = upgrade;
          req.onupgradeneeded({ type: "upgradeneeded", target: req, oldVersion: 0, newVersion: 1 });
          later(() => {
            if (upgrade.oncomplete) upgrade.oncomplete({ type: "complete", target: upgrade });
            req.transaction = null;
            if (req.onsuccess) req.onsuccess({ type: "success", target: req });
          });
        } else if (req.onsuccess) {
          req.onsuccess({ type: "success", target: req });
        }
      });
      return req;
    },
    deleteDatabase(name) {
      return request(() => { databases.delete(name); });
    },
    databases: async () => [...databases.keys()].map((name) => ({ name, version: 1 })),
    cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  };
  Object.defineProperty(globalThis, "indexedDB", { value: memory, configurable: true, writable: true });
  globalThis.bgtMemoryIDB = true;
  return function restore() {
    if (descriptor) Object.defineProperty(globalThis, "indexedDB", descriptor);
    else delete globalThis.indexedDB;
    globalThis.bgtMemoryIDB = false;
  };
}
