/**
 * Which host methods the desktop end-to-end tests call: every start of the desktop app
 * writes the IPC channels its page invoked (one JSON file per start), and the desktop
 * project's teardown lists the methods of the host method table that none of them called,
 * so that a method no desktop test reaches is named, not silently untested.
 *
 * Units: none.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { HOST_METHOD_NAMES, hostChannel, type HostMethodName } from '../../src/shared/host-methods'

/** Write the channels one start of the app invoked (`test`: the test file, for the report). */
export async function recordCalls(dir: string, test: string, channels: readonly string[]): Promise<void> {
  const name = `${Date.now()}-${Math.random().toString(36).slice(2)}.json`
  await writeFile(join(dir, name), JSON.stringify({ test, channels: [...new Set(channels)] }))
}

/** The host methods no recorded start called, and the test files that recorded. */
export async function uncalledMethods(dir: string): Promise<{ uncalled: HostMethodName[]; files: string[] }> {
  const called = new Set<string>()
  const files = new Set<string>()
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const record = JSON.parse(await readFile(join(dir, entry), 'utf8')) as {
      test: string
      channels: string[]
    }
    files.add(record.test)
    for (const c of record.channels) called.add(c)
  }
  return { uncalled: HOST_METHOD_NAMES.filter((m) => !called.has(hostChannel(m))), files: [...files].sort() }
}

/** One paragraph for the end of the desktop run; null when no start was recorded. */
export async function uncalledReport(dir: string): Promise<string | null> {
  const { uncalled, files } = await uncalledMethods(dir)
  if (files.length === 0) return null
  const head = `Desktop edition: ${HOST_METHOD_NAMES.length - uncalled.length} of ${HOST_METHOD_NAMES.length} host methods called by ${files.length} test file(s).`
  return uncalled.length === 0
    ? `${head} Every host method was called.`
    : `${head} Host methods no desktop test called: ${uncalled.join(', ')}.`
}
