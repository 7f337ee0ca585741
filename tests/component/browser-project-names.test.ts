/**
 * The browser host's project names (a folder of `projects/` in the Origin Private File
 * System) follow the path rules of a project file (src/shared/path-rules.ts,
 * PROJECT_FILE_PATHS), with the same words as the desktop; the rules themselves are tested in
 * tests/unit/hardening/path-rules.test.ts.
 *
 * Units: none (paths).
 */
import { describe, expect, it } from 'vitest'
import { insidePath } from '../../src/renderer/platform/host/browser-host'

const tail = '; paths must stay inside the project folder'

describe("the browser's project names", () => {
  it('refuses a name that leaves projects/, with the rule that it breaks', () => {
    expect(() => insidePath('../other', 'project', 'ref')).toThrow(
      `project: ref: '../other' goes up with '..'${tail}`,
    )
    expect(() => insidePath('/harbour', 'project', 'ref')).toThrow(
      `project: ref: '/harbour' is absolute${tail}`,
    )
    expect(() => insidePath('a\nb', 'project', 'ref')).toThrow(
      `project: ref: 'a\\nb' contains the control character U+000A${tail}`,
    )
  })

  it('takes a project name', () => {
    expect(insidePath('harbour', 'project', 'ref')).toBe('harbour')
    expect(insidePath('./harbour/', 'project', 'ref')).toBe('harbour')
  })
})
