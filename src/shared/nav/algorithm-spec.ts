/**
 * An algorithm with options, written as text: `id` or `id[key=value,key=value]`, e.g.
 * `navmesh-funnel[entry=midpoint]` or `flood-fill[loop=js,beautify=false]`. The command
 * line takes a list of them, so that variants of one algorithm answer side by side.
 *
 * Glossary
 * - spec: the text form above; a list of specs is separated by commas outside brackets.
 * - label: the spec in canonical form (options in the registry's order, only those that
 *   differ from the default), used as the row's name.
 *
 * Every problem is an Error whose message names the spec and what was expected.
 */
import { ALGORITHM_IDS, getPathfinder, isAlgorithmId, pathfinders } from './registry'
import type { OptionSpec, OptionValues } from './types'
import type { AlgorithmId } from './registry'

export interface AlgorithmRun {
  id: AlgorithmId
  /** The options given (the defaults fill in the others when it is prepared). */
  options: OptionValues
  label: string
}

/** Splits a comma-separated list of specs (commas inside brackets belong to a spec). */
export function splitSpecs(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i]
    if (ch === '[') depth++
    else if (ch === ']') depth = Math.max(0, depth - 1)
    else if ((ch === ',' && depth === 0) || i === text.length) {
      const part = text.slice(from, i).trim()
      if (part) out.push(part)
      from = i + 1
    }
  }
  return out
}

function optionValue(spec: OptionSpec, raw: string, where: string): number | boolean | string {
  switch (spec.type) {
    case 'boolean':
      if (raw === 'true' || raw === '1') return true
      if (raw === 'false' || raw === '0') return false
      throw new Error(`${where}: expected true or false for ${spec.key}, got "${raw}"`)
    case 'number': {
      const n = Number(raw)
      if (raw.trim() === '' || !Number.isFinite(n))
        throw new Error(`${where}: expected a number for ${spec.key}, got "${raw}"`)
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max))
        throw new Error(
          `${where}: ${spec.key} must be between ${spec.min ?? '-∞'} and ${spec.max ?? '∞'}, got ${n}`,
        )
      return n
    }
    case 'choice':
      if (!spec.choices.includes(raw))
        throw new Error(`${where}: ${spec.key} must be one of ${spec.choices.join(', ')}, got "${raw}"`)
      return raw
  }
}

/** Parses one spec; throws with a clear message for an unknown algorithm, option or value. */
export function parseAlgorithmSpec(text: string): AlgorithmRun {
  const m = /^([a-z-]+)(?:\[(.*)\])?$/.exec(text.trim())
  if (!m) throw new Error(`"${text}": expected an algorithm id, optionally with [option=value,...]`)
  const id = m[1]
  if (!isAlgorithmId(id)) throw new Error(`unknown algorithm "${id}" (known: ${ALGORITHM_IDS.join(', ')})`)
  if (!pathfinders.some((p) => p.id === id)) throw new Error(`"${id}" is not available in this build`)
  const specs = getPathfinder(id).options
  const options: OptionValues = {}
  for (const part of (m[2] ?? '').split(',').map((s) => s.trim())) {
    if (!part) continue
    const eq = part.indexOf('=')
    const key = eq < 0 ? part : part.slice(0, eq).trim()
    const spec = specs.find((s) => s.key === key)
    if (!spec) {
      const known = specs.map((s) => s.key).join(', ') || 'none'
      throw new Error(`${id}: unknown option "${key}" (its options: ${known})`)
    }
    if (eq < 0) throw new Error(`${id}: expected ${key}=value`)
    options[key] = optionValue(spec, part.slice(eq + 1).trim(), id)
  }
  const changed = specs.filter((s) => options[s.key] !== undefined && options[s.key] !== s.faithful)
  const label = changed.length
    ? `${id}[${changed.map((s) => `${s.key}=${String(options[s.key])}`).join(',')}]`
    : id
  return { id, options, label }
}

/** Parses a comma-separated list of specs. */
export function parseAlgorithmSpecs(text: string): AlgorithmRun[] {
  return splitSpecs(text).map(parseAlgorithmSpec)
}

/** Each id with its default options. */
export function defaultRuns(ids: readonly AlgorithmId[]): AlgorithmRun[] {
  return ids.map((id) => ({ id, options: {}, label: id }))
}
