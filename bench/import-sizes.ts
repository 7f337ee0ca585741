/**
 * The loop the import benchmarks share (bench/godot-import.ts, bench/tiled-import.ts): for
 * each size, write an accepted and a refused file into a temporary folder, import it
 * through the format registry and the command line's folder source `runs` times, as
 * `walkbox import` does, and return one table row per file with the median time and what
 * came of the import (the zones read, or the first problem of the refusal).
 *
 * Glossary
 * - accepted / refused: the two files a size makes (the caller says what each holds).
 * - ms per 1k: the median time divided by the size in thousands (flat = linear).
 *
 * Units: ms, MB (10^6 bytes).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { folderSource } from '../src/cli/format-commands'
import { markdownTable, median } from '../src/cli/table'
import { roomFormat } from '../src/shared/formats/registry'
import type { Room } from '../src/shared/room/schema'

export type ImportKind = 'accepted' | 'refused'

export interface ImportSizesOptions {
  /** The registry's id of the format ('godot', 'tiled-xml'). */
  format: string
  /** The file ending, without the dot ('tscn', 'tmx'). */
  extension: string
  /** The sizes to try (nodes, objects: what `text` counts). */
  sizes: readonly number[]
  runs: number
  /** The file of `size` units of `kind`. */
  text: (size: number, kind: ImportKind) => string
  /** More of what `walkbox import` checks before it writes (throws to refuse), after the import. */
  check?: (room: Room) => void
}

/** One row per size and kind: kind, size, MB, median ms, ms per 1k, outcome. */
export async function timeImports(options: ImportSizesOptions): Promise<(string | number)[][]> {
  const dir = mkdtempSync(join(tmpdir(), `walkbox-bench-${options.extension}-`))
  const format = roomFormat(options.format)
  const rows: (string | number)[][] = []
  try {
    for (const n of options.sizes) {
      for (const kind of ['accepted', 'refused'] as const) {
        const file = `${kind}-${n}.${options.extension}`
        const text = options.text(n, kind)
        writeFileSync(join(dir, file), text)
        const times: number[] = []
        let outcome = ''
        for (let r = 0; r < options.runs; r++) {
          const start = performance.now()
          try {
            const out = await format.importRoom!(folderSource(dir), file, {})
            options.check?.(out.room)
            outcome = `${out.room.zones.length} zones`
          } catch (e) {
            outcome = `refused: ${firstProblem(e as Error)}`
          }
          times.push(performance.now() - start)
        }
        const ms = median(times)
        rows.push([
          kind,
          n,
          (text.length / 1e6).toFixed(1),
          ms.toFixed(0),
          (ms / (n / 1000)).toFixed(1),
          outcome,
        ])
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return rows
}

/** The first listed problem of a refusal (its second line), else its first line; 120 characters at most. */
function firstProblem(error: Error): string {
  const lines = error.message.split('\n')
  return (lines[1]?.trim() || lines[0]).slice(0, 120)
}

/** Print the rows as a markdown table; `what` names the file and its unit ('scene', 'nodes'). */
export function printImportTable(what: [file: string, unit: string], rows: (string | number)[][]): void {
  process.stdout.write(
    `${markdownTable([what[0], what[1], 'MB', 'median ms', 'ms per 1k', 'outcome'], rows)}\n`,
  )
}
