/**
 * A project folder is untrusted input: nothing it holds may make Walkbox touch a file
 * outside it. Planted save journals (through a link, with '..', with an absolute path, with
 * a staged file that is a named pipe, malformed), links where a save writes, and target
 * folders holding an author's hidden files. Each case asserts that the folder outside (and
 * the hidden files) are byte for byte as they were, through the project store, the editor's
 * Open (the IPC handler) and the command line (`walkbox room list`, read-only).
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  exportProjectZip,
  importProjectZip,
  loadRoom,
  openProject,
  saveProjectCopy,
  saveRoom,
} from '../../../src/main/services/project-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import { fingerprint, makeFixture, refusal, ROOM_ID, type Fixture } from './hostile'
import { walkbox } from '../cli/run-walkbox'

let fx: Fixture
let elsewhere: string
beforeEach(async () => {
  fx = await makeFixture()
  // A folder beside the project that a planted journal aims at.
  elsewhere = join(fx.dir, 'elsewhere')
  await mkdir(join(elsewhere, 'sub'), { recursive: true })
  await writeFile(join(elsewhere, 'victim.txt'), 'the author’s own file\n')
  await writeFile(join(elsewhere, 'victim.txt.walkbox-new'), 'planted content\n')
  await writeFile(join(elsewhere, 'sub', 'keep.txt'), 'keep me\n')
})
afterEach(async () => fx.remove())

const journalPath = () => join(fx.project, '.walkbox-save.json')
const plant = (journal: unknown) =>
  writeFile(journalPath(), typeof journal === 'string' ? journal : JSON.stringify(journal))

/** Open the project every way a user can; the outside folder stays as it was; the warnings. */
async function openEveryWay(): Promise<string[]> {
  const before = await fingerprint(elsewhere)
  const opened = await openProject(fx.project)
  expect(await fingerprint(elsewhere)).toEqual(before)
  return opened.warnings
}

const through = (journal: string) => ({
  files: [{ target: journal, staged: `${journal}.walkbox-new` }],
  removeFiles: [],
  removeFolders: [],
})

describe('a planted save journal never acts outside the project', () => {
  it('a journal that renames and deletes through a link to a folder outside', async () => {
    await symlink('../elsewhere', join(fx.project, 'link'))
    await plant({
      files: [{ target: 'link/victim.txt', staged: 'link/victim.txt.walkbox-new' }],
      removeFiles: ['link/sub/keep.txt'],
      removeFolders: ['link/sub'],
    })
    const warnings = await openEveryWay()
    expect(warnings).toEqual([
      ".walkbox-save.json: a save journal that Walkbox did not run ('link' on the way to 'link/victim.txt.walkbox-new' is not a folder (a link?)); it was kept as .walkbox-save.rejected-1.json",
    ])
    // Set aside, never run again: the next open is quiet and the room loads.
    expect(await readdir(fx.project)).toContain('.walkbox-save.rejected-1.json')
    expect((await openProject(fx.project)).warnings).toEqual([])
    expect((await loadRoom(fx.project, ROOM_ID)).room.id).toBe(ROOM_ID)
  })

  it.each([
    [
      'goes up with ..',
      through('../elsewhere/victim.txt'),
      `files[0].target: "../elsewhere/victim.txt" goes up with '..'`,
    ],
    ['is absolute', through('/tmp/victim.txt'), 'files[0].target: "/tmp/victim.txt" is absolute'],
    ['has a drive letter', through('C:/victim.txt'), 'files[0].target: "C:/victim.txt" is absolute'],
    [
      'stages under another name',
      { files: [{ target: 'project.walkbox.json', staged: '../elsewhere/victim.txt.walkbox-new' }] },
      "files[0].staged: expected 'project.walkbox.json.walkbox-new'",
    ],
    [
      'deletes a folder outside',
      { files: [], removeFolders: ['rooms/../../elsewhere'] },
      `removeFolders[0]: "rooms/../../elsewhere" goes up with '..'`,
    ],
    [
      'deletes the backups',
      { files: [], removeFolders: ['backups'] },
      "removeFolders[0]: 'backups' is inside backups/",
    ],
    ['is not a list', { files: 5 }, 'files: expected a list'],
    [
      'names a file as a number',
      { files: [{ target: 7, staged: 'x' }] },
      'files[0].target: 7 is not text (found number); expected a path',
    ],
    ['is a JSON string', '"hello"', 'expected a JSON object'],
  ])('a journal that %s is set aside in one line', async (_what, journal, problem) => {
    await plant(journal)
    const warnings = await openEveryWay()
    expect(warnings).toEqual([
      `.walkbox-save.json: a save journal that Walkbox did not run (${problem}); it was kept as .walkbox-save.rejected-1.json`,
    ])
  })

  it('a journal whose staged file is a named pipe is set aside, and opening does not wait on the pipe', async () => {
    execFileSync('mkfifo', [join(fx.project, 'project.walkbox.json.walkbox-new')])
    const before = await readFile(join(fx.project, 'project.walkbox.json'))
    await plant(through('project.walkbox.json'))
    const warnings = await openEveryWay()
    expect(warnings[0]).toContain("staged file 'project.walkbox.json.walkbox-new' is not a regular file")
    expect(await readFile(join(fx.project, 'project.walkbox.json'))).toEqual(before)
  })

  it('a journal that is itself a link to a file outside is set aside, never read or followed', async () => {
    await writeFile(join(elsewhere, 'journal.json'), JSON.stringify(through('project.walkbox.json')))
    await symlink(join(elsewhere, 'journal.json'), journalPath())
    const warnings = await openEveryWay()
    expect(warnings[0]).toBe(
      '.walkbox-save.json: a save journal that Walkbox did not run (it is not a regular file); it was kept as .walkbox-save.rejected-1.json',
    )
  })

  it('the editor’s Open and `walkbox room list` (read-only) leave the outside folder alone', async () => {
    await symlink('../elsewhere', join(fx.project, 'link'))
    await plant({ files: [{ target: 'link/victim.txt', staged: 'link/victim.txt.walkbox-new' }] })
    const before = await fingerprint(elsewhere)
    const run = await walkbox('room', 'list', fx.project)
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(
      'walkbox: warning: .walkbox-save.json: a save journal that Walkbox did not run',
    )
    expect(await fingerprint(elsewhere)).toEqual(before)
    // A second planted journal, through the editor's Open dialog: its listing leaves the
    // journal for the open, which sets it aside and says so.
    fx.answers.folder = fx.project
    await fx.ipc.openProject({})
    await plant({ files: [], removeFolders: ['link/sub'] })
    await fx.ipc.listProjects(undefined)
    expect(await fingerprint(elsewhere)).toEqual(before)
    expect(await readdir(fx.project)).toContain('.walkbox-save.json')
    const opened = (await fx.ipc.openProject({ ref: fx.project })) as { ref: string; warnings: string[] }
    expect(opened.ref).toBe(fx.project)
    expect(opened.warnings).toEqual([
      ".walkbox-save.json: a save journal that Walkbox did not run ('link' on the way to 'link/sub' is not a folder (a link?)); it was kept as .walkbox-save.rejected-2.json",
    ])
    expect(await fingerprint(elsewhere)).toEqual(before)
  })
})

describe('links inside a project are data, never followed on write', () => {
  it('a room folder that is a link to a folder outside: the save is refused, the outside untouched', async () => {
    const { room } = await loadRoom(fx.project, ROOM_ID)
    const roomDir = join(fx.project, 'rooms', ROOM_ID)
    // The author's room folder replaced by a link to a copy outside.
    execFileSync('cp', ['-r', roomDir, join(elsewhere, 'porch')])
    execFileSync('rm', ['-r', roomDir])
    await symlink(join(elsewhere, 'porch'), roomDir)
    const before = await fingerprint(elsewhere)
    const message = await refusal(saveRoom(fx.project, { ...room, name: 'Changed' }))
    expect(message).toBe(
      `project.walkbox.json: rooms[0].folder: 'rooms/porch' is a link to '${join(elsewhere, 'porch')}', outside the project folder; paths must stay inside the project folder`,
    )
    expect(await fingerprint(elsewhere)).toEqual(before)
  })

  it('every write, rename and delete of the project files refuses a path through a link', async () => {
    await symlink('../elsewhere', join(fx.project, 'link'))
    const files = diskProjectFiles(fx.project)
    const before = await fingerprint(elsewhere)
    const tries: [string, () => Promise<unknown>][] = [
      ['write', () => files.write('link/new.txt', new Uint8Array([1]))],
      ['rename', () => files.rename('project.walkbox.json', 'link/victim.txt')],
      ['remove', () => files.remove('link/victim.txt')],
      ['removeTree', () => files.removeTree('link/sub')],
      ['copy', () => files.copy('project.walkbox.json', 'link/copy.json')],
      ['read', () => files.read('link/victim.txt')],
    ]
    for (const [what, work] of tries) {
      expect(await refusal(work()), what).toMatch(
        /^link\/.*: 'link' is a symbolic link; Walkbox never reads or writes outside the project folder$/,
      )
    }
    expect(await files.kind('link/victim.txt')).toBe('other')
    expect(await fingerprint(elsewhere)).toEqual(before)
  })

  it('a staged file name planted as a link: the save removes the link and never writes through it', async () => {
    const { room } = await loadRoom(fx.project, ROOM_ID)
    const staged = join(fx.project, 'rooms', ROOM_ID, 'room.json.walkbox-new')
    await symlink(join(elsewhere, 'victim.txt'), staged)
    const before = await fingerprint(elsewhere)
    await saveRoom(fx.project, { ...room, name: 'Changed' })
    expect(await fingerprint(elsewhere)).toEqual(before)
    expect((await loadRoom(fx.project, ROOM_ID)).room.name).toBe('Changed')
  })
})

describe('the project file itself', () => {
  it('a project file that is a link to a file outside is not read', async () => {
    await writeFile(join(elsewhere, 'secret.json'), JSON.stringify({ formatVersion: 1, name: 'Secret' }))
    await rm(join(fx.project, 'project.walkbox.json'))
    await symlink(join(elsewhere, 'secret.json'), join(fx.project, 'project.walkbox.json'))
    expect(await refusal(openProject(fx.project))).toBe(
      `project.walkbox.json: the project file: 'project.walkbox.json' is a link to '${join(elsewhere, 'secret.json')}', outside the project folder; paths must stay inside the project folder`,
    )
  })
})

describe('a target folder is empty only when it is; a failure removes only what it made', () => {
  it('Save As into a folder holding only .git/ and .env is refused; both stay as they were', async () => {
    const target = join(fx.dir, 'copy')
    await mkdir(join(target, '.git'), { recursive: true })
    await writeFile(join(target, '.git', 'HEAD'), 'ref: refs/heads/main\n')
    await writeFile(join(target, '.env'), 'SECRET=1\n')
    const before = await fingerprint(target)
    const { project } = await openProject(fx.project)
    const message = await refusal(saveProjectCopy(fx.project, target, { project, rooms: [] }))
    expect(message).toBe(
      `${target} is not empty; choose a new or empty folder (Walkbox never writes over files it did not make)`,
    )
    expect(await fingerprint(target)).toEqual(before)
  })

  it('a zip import into a folder holding .env is refused, the .env kept', async () => {
    const zip = await exportProjectZip(fx.project)
    const target = join(fx.dir, 'imported')
    await mkdir(target)
    await writeFile(join(target, '.env'), 'SECRET=1\n')
    const message = await refusal(importProjectZip(zip, 'p.zip', target))
    expect(message).toContain('is not empty')
    expect(await readdir(target)).toEqual(['.env'])
  })

  it('Save As keeps each file’s mode (a 0600 room file stays 0600, not 0644)', async () => {
    const roomFile = join(fx.project, 'rooms', ROOM_ID, 'room.json')
    execFileSync('chmod', ['600', roomFile])
    const target = join(fx.dir, 'copy')
    const { project } = await openProject(fx.project)
    await saveProjectCopy(fx.project, target, { project, rooms: [] })
    expect((await stat(join(target, 'rooms', ROOM_ID, 'room.json'))).mode & 0o777).toBe(0o600)
  })
})
