/**
 * The project store's contract (tests/support/project-store-contract.ts) on the desktop's
 * adapter: real files in a temporary folder, sharp, the folder lock. The browser's adapter
 * runs the same cases in tests/e2e/store-contract.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { diskStore } from '../../../src/main/services/project-store'
import { CONTRACT_CASES, CONTRACT_EXPECTED } from '../../support/project-store-contract'
import { tempFolder } from './helpers'

let dir: string
let remove: () => Promise<void>

beforeAll(async () => {
  ;({ dir, remove } = await tempFolder('walkbox-contract-'))
})
afterAll(async () => remove?.())

describe('the project store on the desktop adapter', () => {
  for (const [name, run] of Object.entries(CONTRACT_CASES)) {
    it(name, async () => {
      const place = join(dir, name.replace(/[^a-z]+/gi, '-'))
      const result = await run({
        async fresh(project) {
          await mkdir(join(place, project), { recursive: true })
          return diskStore(join(place, project))
        },
      })
      expect(result).toEqual(CONTRACT_EXPECTED[name])
    })
  }
})
