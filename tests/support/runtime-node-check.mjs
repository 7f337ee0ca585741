// A plain Node script, as a game's server or tool would use the built runtime:
//   node runtime-node-check.mjs <walkbox-runtime.js | package name> <input.json>
// A package name (walkbox-runtime) is imported as a game imports it: copy this script into
// the game's folder, where node_modules holds the installed package.
// input.json: { file: <runtime room text>, pairs: [[ax, ay, bx, by], ...] }
// Prints [{ points: [[x, y], ...], reached }, ...] as JSON.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const [bundle, inputPath] = process.argv.slice(2)
const isPath = bundle.startsWith('/') || bundle.startsWith('.') || /^[A-Za-z]:/.test(bundle)
const { loadRoom } = await import(isPath ? pathToFileURL(bundle).href : bundle)
const input = JSON.parse(readFileSync(inputPath, 'utf8'))
const room = loadRoom(input.file)
const out = input.pairs.map(([ax, ay, bx, by]) => {
  const r = room.findPath({ x: ax, y: ay }, { x: bx, y: by })
  return { points: r.points.map((p) => [p.x, p.y]), reached: r.reached }
})
process.stdout.write(JSON.stringify(out))
