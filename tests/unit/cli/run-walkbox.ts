/**
 * Runs the command line as users run it (`npx tsx src/cli/walkbox.ts ...`) in a child
 * process, and returns its exit code and output (npm's own warnings left out).
 */
import { spawn } from 'node:child_process'
import { repoRoot } from '../../support/bench-data'

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

export function walkbox(...args: string[]): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', ['tsx', 'src/cli/walkbox.ts', ...args], { cwd: repoRoot })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    // npx itself may warn about the machine's npm configuration; that is not walkbox output.
    const own = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'))
        .join('\n')
    child.on('close', (code) => resolvePromise({ code, stdout, stderr: own(stderr) }))
  })
}
