/**
 * The line the AGS 3 in-place writer refuses with: runs `f`, expects it to throw a
 * CrmWriteError of one line, and gives that line (a test fails when nothing is refused).
 */
import { expect } from 'vitest'
import { CrmWriteError } from '../../src/shared/formats/ags/crm-in-place'

export function crmRefusal(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(CrmWriteError)
    expect((e as Error).message).not.toContain('\n')
    return (e as Error).message
  }
  throw new Error('not refused')
}
