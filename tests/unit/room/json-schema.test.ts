import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { publishedSchemas } from '../../../src/shared/room/json-schema'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

describe('published JSON Schemas', () => {
  it.each(Object.entries(publishedSchemas()))(
    'docs/schema/%s is up to date (else run: npx tsx scripts/write-schemas.ts)',
    (name, schema) => {
      const committed = JSON.parse(readFileSync(join(repoRoot, 'docs/schema', name), 'utf8'))
      expect(committed).toEqual(schema)
    },
  )

  it('describes the fields of version 1', () => {
    const room = publishedSchemas()['room.schema.json'] as {
      properties: Record<string, unknown>
      required: string[]
    }
    expect(Object.keys(room.properties)).toContain('polygons')
    expect(room.required).toContain('authoritative')
    expect(room.required).not.toContain('background')
  })
})
