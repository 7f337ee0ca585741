/**
 * One writer at a time per name, in this page and in every other tab of the same origin: the
 * Web Locks API where the browser has it, and a queue in this page before it (and where it
 * has not). Projects (browser-host.ts) and game folders (game-folder-host.ts) lock by name.
 *
 * Glossary
 * - exclusive: a writer; nothing else holds the name meanwhile.
 * - shared: a reader (a game opened read-only): readers run together, writers wait for them
 *   and they for writers.
 *
 * Units: none.
 */
const queues = new Map<string, Promise<unknown>>()

/** Run `work` holding the lock `name` (exclusive by default). */
export async function withWebLock<T>(
  name: string,
  work: () => Promise<T>,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<T> {
  const locked = () =>
    navigator.locks ? (navigator.locks.request(name, { mode }, work) as Promise<T>) : work()
  // Shared work does not wait in the page's queue: the Web Lock orders it against writers.
  if (mode === 'shared' && navigator.locks) return locked()
  const mine = (queues.get(name) ?? Promise.resolve()).catch(() => undefined).then(locked)
  queues.set(name, mine)
  try {
    return await mine
  } finally {
    if (queues.get(name) === mine) queues.delete(name)
  }
}
