/**
 * Where persistent stores keep their values (REFERENCE.md "Browser side": state that survives a page load). Every store module
 * takes its `persistent*` factories from here, so the engine below is in place before any store reads it.
 *
 * Keys starting with SESSION_PREFIX live in sessionStorage (this tab's visit, like the state of a single-page app
 * that a reload would reset); all other keys live in localStorage (kept across visits). When the browser refuses
 * storage (privacy modes, disabled site data) values live in memory for the page's lifetime instead.
 * Outside a browser (server rendering, unit tests without a DOM) the library keeps values in memory.
 */
import {
  persistentAtom,
  persistentBoolean,
  persistentJSON,
  setPersistentEngine,
  windowPersistentEvents,
  type PersistentStore,
} from '@nanostores/persistent';

/** Key prefix of the values that last for the visit (sessionStorage). */
export const SESSION_PREFIX = 'session:';

/** Prefix of every key the site writes, so its values are easy to find and clear. */
export const KEY_PREFIX = 'hotains:';

/** A Storage, or an in-memory stand-in when the browser refuses access. */
function usableStorage(name: 'localStorage' | 'sessionStorage'): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = window[name];
    const probe = `${KEY_PREFIX}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}

/** A storage engine for @nanostores/persistent that sends each key to session or local storage by its prefix. */
export function splitStorageEngine(
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): PersistentStore {
  const pick = (key: string) => (key.startsWith(SESSION_PREFIX) ? session : local);
  return new Proxy({} as PersistentStore, {
    get: (_, key) => (typeof key === 'string' ? (pick(key).getItem(key) ?? undefined) : undefined),
    has: (_, key) => typeof key === 'string' && pick(key).getItem(key) !== null,
    set: (_, key, value) => {
      if (typeof key === 'string') {
        try {
          pick(key).setItem(key, String(value));
        } catch {
          // Quota exceeded: the value still lives in the store for this page.
        }
      }
      return true;
    },
    deleteProperty: (_, key) => {
      if (typeof key === 'string') pick(key).removeItem(key);
      return true;
    },
  });
}

if (typeof window !== 'undefined') {
  setPersistentEngine(splitStorageEngine(usableStorage('localStorage'), usableStorage('sessionStorage')), windowPersistentEvents);
}

export { persistentAtom, persistentBoolean, persistentJSON };
