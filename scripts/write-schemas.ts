/**
 * Writes the published JSON Schemas of the project format to docs/schema/.
 * Run after changing src/shared/room/schema.ts:  npx tsx scripts/write-schemas.ts
 * (tests/unit/room/json-schema.test.ts fails while the committed files are stale.)
 */
import { writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { publishedSchemas } from '../src/shared/room/json-schema'

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../docs/schema')
mkdirSync(outDir, { recursive: true })
for (const [name, schema] of Object.entries(publishedSchemas())) {
  const file = join(outDir, name)
  writeFileSync(file, JSON.stringify(schema, null, 2) + '\n')
  console.log(`wrote ${file}`)
}
