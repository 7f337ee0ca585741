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
import { layerXml, objectFromXml, tmxToTiledMap } from './tmx'
import { freshRead, propertiesToSet, type TiledWriteOptions } from './write-back'
import { parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import {
  appendContent,
  applyXmlEdits,
  escapeXmlAttribute,
  indentBefore as indentAt,
  lineEndOf,
  prependContent,
  replaceContent,
  replaceElement,
  setAttribute,
  type XmlEdit,
} from '../../codecs/xml/xml-patch'
import { TILED_XML_CEILINGS } from '../../limits'

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
              if (x.name !== 'object') return { start: x.start, end: x.end }
              const other = x.children.find((y) => !SHAPES.includes(y.name))
              return {
                start: x.start,
                end: x.end,
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
  const root = parseXml(text, file, TILED_XML_CEILINGS)
  if (root.name !== 'map') throw new Error(`${file}: not a Tiled map (the root element is <${root.name}>)`)
  if (root.selfClosing) throw new Error(`${file}: an empty <map/>`)
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
  const eol = lineEndOf(text)
  const indentBefore = (at: number) => indentAt(text, at)
  const edits: XmlEdit[] = []
  const notes: string[] = []
  for (const { written, existing, pieces, newId } of plan.layers) {
    // Written objects take the indentation of the layer's first child (Tiled's: one more than the layer's).
    const first = existing?.children[0]
    const column = first ? indentBefore(first.start) : existing ? `${indentBefore(existing.ref.start)} ` : ' '
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
      edits.push(appendContent(text, root, `${layer.join(eol)}${eol}`))
      continue
    }
    const el = existing.ref
    if (!el.selfClosing) {
      // The tags and the indentation before </objectgroup> stay.
      const indent = indentBefore(el.closeStart)
      edits.push(
        replaceContent(
          text,
          el,
          lines.length > 0 ? `${eol}${lines.join(eol)}${eol}${indent}` : `${eol}${indent}`,
        ),
      )
    } else if (lines.length > 0) {
      edits.push(replaceContent(text, el, `${eol}${lines.join(eol)}${eol}${indentBefore(el.start)}`))
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
    const line = `<property name="${escapeXmlAttribute(name)}" value="${escapeXmlAttribute(value)}"/>`
    const el = propEl(name)
    if (el) edits.push(replaceElement(el, line))
    else fresh_.push(line)
    notes.push(
      `${file}: map property ${name} written (${name === 'walkbox.flags' ? 'the flags the room names changed' : 'the mapping of its layers, remembered'})`,
    )
  }
  if (fresh_.length > 0) {
    if (props && !props.selfClosing) {
      const indent = indentBefore(props.closeStart)
      edits.push(appendContent(text, props, fresh_.map((l) => ` ${l}${eol}${indent}`).join('')))
    } else if (!props)
      edits.push(
        prependContent(
          text,
          root,
          `${eol} <properties>${fresh_.map((l) => `${eol}  ${l}`).join('')}${eol} </properties>`,
        ),
      )
  }

  // Raise nextobjectid / nextlayerid in the <map> tag (attributes added when missing).
  if (plan.changed) {
    // Raised when the write took ids from them; a map without them gets them only then.
    for (const [attr, value] of [
      ['nextobjectid', plan.nextObject],
      ['nextlayerid', plan.nextLayer],
    ] as const) {
      if (value > (Number(root.attrs[attr]) || 1)) edits.push(setAttribute(text, root, attr, value))
    }
  }
  return { text: applyXmlEdits(text, edits), notes: [...plan.notes, ...notes] }
}
