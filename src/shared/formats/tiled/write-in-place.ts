/**
 * A room written back into the game's own .tmx in place: the objects of the kinds the author
 * edited are rewritten where they are (in-place-plan.ts decides what) and every other byte of
 * the file is kept (other layers, tilesets, map properties, comments, attribute order, line
 * endings).
 *
 * Glossary
 * - kept child: its bytes from the start of its line's indentation to its end tag, as they
 *   were.
 * - new layer: written before </map>, with the map's next layer id.
 *
 * Units: px; text offsets in UTF-16 units.
 */
import type { Room } from '../../room/schema'
import { TiledMapRefused } from './external-files'
import { planInPlace, type SourceChild, type SourceLayer } from './in-place-plan'
import { layerXml, objectFromXml, parseXml, tmxToTiledMap, type XmlElement } from './tmx'
import { freshRead, propertiesToSet, type TiledWriteOptions } from './write-back'

const xmlAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface Edit {
  start: number
  end: number
  text: string
}

const SHAPES = ['properties', 'point', 'ellipse', 'polygon', 'polyline']

/** The map's layers as in-place-plan.ts reads them. */
function sourceLayers(el: XmlElement, depth: number): SourceLayer<XmlElement>[] {
  const out: SourceLayer<XmlElement>[] = []
  for (const c of el.children) {
    const type =
      c.name === 'objectgroup'
        ? 'objectgroup'
        : c.name === 'group'
          ? 'group'
          : c.name === 'layer'
            ? 'tilelayer'
            : null
    if (!type) continue
    const walkbox = c.children
      .find((x) => x.name === 'properties')
      ?.children.find((x) => x.name === 'property' && x.attrs.name === 'walkbox')
    out.push({
      type,
      name: c.attrs.name ?? '',
      className: c.attrs.class ?? '',
      ...(walkbox ? { walkboxProperty: walkbox.attrs.value ?? walkbox.text } : {}),
      offsetx: Number(c.attrs.offsetx) || 0,
      offsety: Number(c.attrs.offsety) || 0,
      children:
        type === 'objectgroup'
          ? c.children.map((x): SourceChild => {
              if (x.name !== 'object') return { start: x.span.start, end: x.span.end }
              const other = x.children.find((y) => !SHAPES.includes(y.name))
              return {
                start: x.span.start,
                end: x.span.end,
                object: { ...objectFromXml(x), ...(other ? { otherShape: other.name } : {}) },
              }
            })
          : [],
      layers: type === 'group' && depth < 32 ? sourceLayers(c, depth + 1) : [],
      ref: c,
    })
  }
  return out
}

/**
 * The .tmx text with the room written in place (only the kinds the author edited), and
 * notes. Throws TiledMapRefused when an edit cannot go where it came from (a walk area made
 * of tiles).
 */
export async function writeRoomIntoTmx(
  text: string,
  file: string,
  room: Room,
  options: TiledWriteOptions = {},
): Promise<{ text: string; notes: string[] }> {
  const root = parseXml(text, file)
  if (root.name !== 'map') throw new Error(`${file}: not a Tiled map (the root element is <${root.name}>)`)
  if (root.span.openEnd === root.span.end) throw new Error(`${file}: an empty <map/>`)
  const map = tmxToTiledMap(text, file)
  const { fresh, given, remembered, tiles } = await freshRead(map, file, room, options)
  const plan = planInPlace(
    sourceLayers(root, 0),
    room,
    { object: Number(root.attrs.nextobjectid) || 1, layer: Number(root.attrs.nextlayerid) || 1 },
    file,
    { infinite: root.attrs.infinite === '1' },
    fresh,
    given,
    remembered,
    tiles,
  )
  if (plan.problems.length > 0) throw new TiledMapRefused(file, plan.problems)
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const indentBefore = (at: number) => /[ \t]*$/.exec(text.slice(Math.max(0, at - 200), at))![0]
  const edits: Edit[] = []
  const notes: string[] = []
  for (const { written, existing, pieces, newId } of plan.layers) {
    // Written objects take the indentation of the layer's first child (Tiled's: one more than the layer's).
    const first = existing?.children[0]
    const column = first
      ? indentBefore(first.start)
      : existing
        ? `${indentBefore(existing.ref.span.start)} `
        : ' '
    const lines = pieces.map((p) =>
      'keep' in p
        ? indentBefore(p.keep.start) + text.slice(p.keep.start, p.keep.end)
        : layerXml({ ...written, objects: [p.write] })
            .slice(1, -1)
            .map((l) => column + l.slice(2))
            .join(eol),
    )
    if (!existing) {
      const layer = layerXml({
        ...written,
        id: newId!,
        objects: pieces.flatMap((p) => ('write' in p ? [p.write] : [])),
      })
      edits.push({ start: root.span.closeStart, end: root.span.closeStart, text: `${layer.join(eol)}${eol}` })
      continue
    }
    const el = existing.ref
    if (el.span.openEnd !== el.span.end) {
      // The tags and the indentation before </objectgroup> stay.
      const indent = /[ \t]*$/.exec(text.slice(el.span.openEnd, el.span.closeStart))![0]
      edits.push({
        start: el.span.openEnd,
        end: el.span.closeStart,
        text: lines.length > 0 ? `${eol}${lines.join(eol)}${eol}${indent}` : `${eol}${indent}`,
      })
    } else if (lines.length > 0) {
      const open = text.slice(el.span.start, el.span.end).replace(/\s*\/>$/, '>')
      edits.push({
        start: el.span.start,
        end: el.span.end,
        text: `${open}${eol}${lines.join(eol)}${eol}${indentBefore(el.span.start)}</objectgroup>`,
      })
    }
  }

  // Map properties: walkbox.flags when the flags changed, walkbox.layers when the mapping is new.
  const props = root.children.find((c) => c.name === 'properties')
  const propEl = (name: string) => props?.children.find((c) => c.name === 'property' && c.attrs.name === name)
  const set = propertiesToSet(
    room,
    options,
    (name) => {
      const el = propEl(name)
      return el ? (el.attrs.value ?? el.text) : undefined
    },
    given,
    remembered,
    plan.mapped,
    plan.changed,
  )
  const fresh_: string[] = []
  for (const { name, text: value } of set) {
    const line = `<property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`
    const el = propEl(name)
    if (el) edits.push({ start: el.span.start, end: el.span.end, text: line })
    else fresh_.push(line)
    notes.push(
      `${file}: map property ${name} written (${name === 'walkbox.flags' ? 'the flags the room names changed' : 'the mapping of its layers, remembered'})`,
    )
  }
  if (fresh_.length > 0) {
    if (props && props.span.openEnd !== props.span.end) {
      const indent = /[ \t]*$/.exec(text.slice(props.span.openEnd, props.span.closeStart))![0]
      edits.push({
        start: props.span.closeStart,
        end: props.span.closeStart,
        text: fresh_.map((l) => ` ${l}${eol}${indent}`).join(''),
      })
    } else if (!props)
      edits.push({
        start: root.span.openEnd,
        end: root.span.openEnd,
        text: `${eol} <properties>${fresh_.map((l) => `${eol}  ${l}`).join('')}${eol} </properties>`,
      })
  }

  // Raise nextobjectid / nextlayerid in the <map> tag (attributes added when missing).
  if (plan.changed) {
    const mapTag = text.slice(root.span.start, root.span.openEnd)
    let newTag = mapTag
    // Raised when the write took ids from them; a map without them gets them only then.
    const took = (attr: string, value: number) => value > (Number(root.attrs[attr]) || 1)
    for (const [attr, value] of [
      ['nextobjectid', plan.nextObject],
      ['nextlayerid', plan.nextLayer],
    ] as const) {
      if (!took(attr, value)) continue
      const re = new RegExp(`(\\s${attr}\\s*=\\s*["'])(\\d*)(["'])`)
      newTag = re.test(newTag)
        ? newTag.replace(
            re,
            (_, a: string, old: string, c: string) => `${a}${Math.max(Number(old) || 0, value)}${c}`,
          )
        : newTag.replace(/\s*>$/, ` ${attr}="${value}">`)
    }
    if (newTag !== mapTag) edits.push({ start: root.span.start, end: root.span.openEnd, text: newTag })
  }
  return { text: applyEdits(text, edits), notes: [...plan.notes, ...notes] }
}

/** The text with non-overlapping edits applied; edits at one offset keep their order. */
export function applyEdits(text: string, edits: Edit[]): string {
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i)
  let out = text
  for (const { e } of order) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return out
}
