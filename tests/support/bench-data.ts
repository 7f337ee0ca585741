/**
 * Where the externally authored benchmark data lives: ../shared/bench beside the
 * checkout (read in place, never copied). WALKBOX_BENCH_DIR overrides it.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
export const repoRoot = resolve(here, '../..')

export function benchDir(): string {
  const dir = process.env.WALKBOX_BENCH_DIR ?? resolve(repoRoot, '../shared/bench')
  if (!existsSync(dir)) {
    throw new Error(
      `Benchmark data not found at ${dir}. Check out ../shared beside the repository or set WALKBOX_BENCH_DIR.`,
    )
  }
  return dir
}

/** A path inside the benchmark data, e.g. benchPath('movingai', 'den520d.map'). */
export function benchPath(...parts: string[]): string {
  return join(benchDir(), ...parts)
}
