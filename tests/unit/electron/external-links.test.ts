/** Which links go to the system browser: only the project's own https pages. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isProjectLink, openProjectLink, projectLinks } from '../../../src/main/external-links'

const pkg = {
  homepage: 'https://walkbox.example/docs',
  repository: { type: 'git', url: 'git+https://github.com/walkbox-team/walkbox.git' },
  bugs: 'https://github.com/walkbox-team/walkbox/issues',
}

describe('external links', () => {
  it("takes the project's pages from package.json (homepage, repository, bugs), https only", () => {
    expect(projectLinks(pkg)).toEqual([
      'https://walkbox.example/docs/',
      'https://github.com/walkbox-team/walkbox/',
      'https://github.com/walkbox-team/walkbox/issues/',
    ])
    expect(
      projectLinks({ homepage: 'http://walkbox.example/', repository: 'git@github.com:a/b.git' }),
    ).toEqual([])
    expect(projectLinks(null)).toEqual([])
  })

  it('the real package.json yields only https pages (none while the project names no public page)', () => {
    const real = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    ) as unknown
    for (const link of projectLinks(real)) expect(link).toMatch(/^https:\/\/[^/]+\/.*\/$/)
  })

  it('allows pages under a project prefix and nothing else', () => {
    const links = projectLinks(pkg)
    const allowed = [
      'https://github.com/walkbox-team/walkbox',
      'https://github.com/walkbox-team/walkbox/blob/main/docs/format.md#saving',
      'https://walkbox.example/docs/format?x=1',
    ]
    const refused = [
      'https://github.com/walkbox-team/walkbox-evil/',
      'https://github.com/someone-else/walkbox',
      'https://walkbox.example/download.exe',
      'https://walkbox.example.evil.com/docs/',
      'http://github.com/walkbox-team/walkbox',
      'https://user:pass@github.com/walkbox-team/walkbox',
      'https://github.com:8443/walkbox-team/walkbox',
      'file:///etc/passwd',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'javascript:alert(1)',
      'not a url',
    ]
    for (const url of allowed) expect(isProjectLink(url, links), url).toBe(true)
    for (const url of refused) expect(isProjectLink(url, links), url).toBe(false)
  })

  it('opens an allowed link, refuses and logs any other without opening it', () => {
    const opened: string[] = []
    const log: string[] = []
    const links = projectLinks(pkg)
    expect(
      openProjectLink(
        'https://github.com/walkbox-team/walkbox/issues/12',
        links,
        (u) => opened.push(u),
        (l) => log.push(l),
      ),
    ).toBe(true)
    expect(
      openProjectLink(
        'https://evil.example/',
        links,
        (u) => opened.push(u),
        (l) => log.push(l),
      ),
    ).toBe(false)
    expect(
      openProjectLink(
        'https://evil.example/',
        [],
        (u) => opened.push(u),
        (l) => log.push(l),
      ),
    ).toBe(false)
    expect(opened).toEqual(['https://github.com/walkbox-team/walkbox/issues/12'])
    expect(log).toEqual([
      "openExternal refused https://evil.example/: not one of Walkbox's own pages (https://walkbox.example/docs/, https://github.com/walkbox-team/walkbox/, https://github.com/walkbox-team/walkbox/issues/)",
      "openExternal refused https://evil.example/: not one of Walkbox's own pages (none listed)",
    ])
  })
})
