/**
 * Importing large Tiled maps: how long `walkbox import` takes to read (or refuse) a .tmx
 * of 1k, 10k and 100k objects, through the format registry and the command line's folder
 * source, as the CLI does. Import time should grow linearly with the objects, and a map
 * over a limit should be refused before any work that grows with it.
 *
 *   tsx bench/tiled-import.ts [--objects 1000,10000,100000] [--runs K]
 *
 * Glossary
 * - accepted map: 1000 zone rectangles (the most a room holds) and the rest objects of a
 *   type Walkbox does not read (named in one note), so the whole map is read.
 * - refused map: every object a zone; past MAX_ZONES it is refused, its problems listed.
 * - ms per 1k: the median time divided by the objects in thousands (flat = linear).
 *
 * Units: ms, MB (10^6 bytes).
 */
import { parseArgs } from 'node:util'
import { MAX_ZONES } from '../src/shared/limits'
import { printImportTable, timeImports } from './import-sizes'

const { values } = parseArgs({
  options: {
    objects: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '3' },
  },
})

function tmx(objects: number, zones: number): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="40" height="25" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="${objects + 1}">`,
    ' <objectgroup id="1" name="things">',
  ]
  for (let i = 1; i <= objects; i++)
    lines.push(
      `  <object id="${i}" name="thing" type="${i <= zones ? 'zone' : 'decor'}" x="${i % 600}" y="${(i * 7) % 380}" width="12" height="10"/>`,
    )
  lines.push(' </objectgroup>', '</map>', '')
  return lines.join('\n')
}

const rows = await timeImports({
  format: 'tiled-xml',
  extension: 'tmx',
  sizes: values.objects.split(',').map(Number),
  runs: Number(values.runs),
  text: (n, kind) => tmx(n, kind === 'accepted' ? Math.min(n, MAX_ZONES) : n),
})
printImportTable(['map', 'objects'], rows)
