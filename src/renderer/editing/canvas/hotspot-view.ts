/**
 * What the room view draws for the hotspot layer: painted hotspots as a tinted overlay (one
 * colour per mask id), polygon hotspots as outlines over a light fill, each hotspot's name,
 * and its walk-to point as a flag (a ring on the floor with a short pole), joined to the
 * hotspot by a faint line. The selected hotspot is drawn bold (a painted one framed by its
 * pixels' bounding box). Pixi only: it reads the room it is given and never a store.
 * Painting redraws this per brush dab, so a dab costs its own rectangle and the hotspots'
 * count: labels are kept and moved, not made again, and no outline is traced (a dab over a
 * box's edge also scans that box's rows and columns up to the hotspot's nearest pixels).
 *
 * Glossary
 * - label box: where a hotspot's name goes: the top-left of its outline's bounding box, or of
 *   its pixels' (kept up to date as a brush paints or erases: a dab over a box's edge moves
 *   that edge in to the first row or column still holding a pixel of the hotspot).
 *
 * Units: room px; strokes and text sizes in screen px divided by the zoom.
 */
import { Container, Graphics, Text } from 'pixi.js'
import type { Rect } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type { Hotspot, Room } from '../../../shared/room/schema'
import { IndexedOverlay } from './indexed-overlay'

const HOTSPOT_COLOURS = [0x4dd0e1, 0xffd54f, 0xf06292, 0xaed581, 0x9575cd, 0xff8a65, 0x4fc3f7, 0xe57373]

/** Display colour of a hotspot (0xrrggbb): by mask id for a painted one, by place in the list for a polygon. */
export function hotspotColour(h: Hotspot, index: number): number {
  const key = h.shape.kind === 'mask' ? h.shape.maskId : index + 1
  return HOTSPOT_COLOURS[(key - 1) % HOTSPOT_COLOURS.length]
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

export class HotspotLayer {
  readonly container = new Container({ label: 'hotspots' })
  private readonly overlay = new IndexedOverlay('hotspot-pixels')
  private readonly shapes = new Graphics({ label: 'hotspot-shapes' })
  private readonly labels = new Container({ label: 'hotspot-labels' })
  /** Bounding boxes of each mask id's pixels, room px. */
  private boxes = new Map<number, Box>()
  /** The name labels, by hotspot id (kept between draws), with the colour each is outlined in. */
  private readonly texts = new Map<string, Text>()
  private readonly textColours = new Map<string, number>()

  constructor() {
    this.container.addChild(this.overlay.container, this.shapes, this.labels)
  }

  /** Replace the painted pixels (null: none), each mask id in its colour. */
  setCells(cells: Uint8Array | null, width: number, height: number): void {
    const palette = new Uint8Array(256 * 3)
    for (let id = 1; id < 256; id++) {
      const c = HOTSPOT_COLOURS[(id - 1) % HOTSPOT_COLOURS.length]
      palette.set([(c >> 16) & 255, (c >> 8) & 255, c & 255], id * 3)
    }
    this.overlay.setMask(cells, width, height, palette)
    this.boxes = new Map()
    if (!cells) return
    this.growBoxes(cells, width, { x: 0, y: 0, width, height })
  }

  /** Redraw `rect` of the painted pixels (a brush dab). */
  updateRect(cells: Uint8Array, width: number, rect: Rect): void {
    this.overlay.updateRect(cells, width, rect)
    this.shrinkBoxes(cells, width, rect)
    this.growBoxes(cells, width, rect)
  }

  /** Boxes with an edge under `rect`: each such edge moved in to the hotspot's pixels left (none left: no box). */
  private shrinkBoxes(cells: Uint8Array, width: number, rect: Rect): void {
    const rx1 = rect.x + rect.width
    const ry1 = rect.y + rect.height
    const under = (v: number, from: number, to: number) => v >= from && v < to
    for (const [id, b] of this.boxes) {
      if (b.x1 <= rect.x || b.x0 >= rx1 || b.y1 <= rect.y || b.y0 >= ry1) continue
      const edgeUnder =
        under(b.x0, rect.x, rx1) ||
        under(b.x1 - 1, rect.x, rx1) ||
        under(b.y0, rect.y, ry1) ||
        under(b.y1 - 1, rect.y, ry1)
      if (!edgeUnder) continue
      const rowHas = (y: number) => {
        for (let x = b.x0, i = y * width + b.x0; x < b.x1; x++, i++) if (cells[i] === id) return true
        return false
      }
      const columnHas = (x: number) => {
        for (let y = b.y0, i = y * width + x; y < b.y1; y++, i += width) if (cells[i] === id) return true
        return false
      }
      while (b.y0 < b.y1 && !rowHas(b.y0)) b.y0++
      if (b.y0 === b.y1) {
        this.boxes.delete(id)
        continue
      }
      while (!rowHas(b.y1 - 1)) b.y1--
      while (!columnHas(b.x0)) b.x0++
      while (!columnHas(b.x1 - 1)) b.x1--
    }
  }

  private growBoxes(cells: Uint8Array, width: number, rect: Rect): void {
    const height = cells.length / width
    const y1 = Math.min(height, rect.y + rect.height)
    const x1 = Math.min(width, rect.x + rect.width)
    for (let y = Math.max(0, rect.y); y < y1; y++) {
      for (let x = Math.max(0, rect.x), i = y * width + x; x < x1; x++, i++) {
        const id = cells[i]
        if (id === 0) continue
        const b = this.boxes.get(id)
        if (!b) this.boxes.set(id, { x0: x, y0: y, x1: x + 1, y1: y + 1 })
        else {
          if (x < b.x0) b.x0 = x
          if (y < b.y0) b.y0 = y
          if (x + 1 > b.x1) b.x1 = x + 1
          if (y + 1 > b.y1) b.y1 = y + 1
        }
      }
    }
  }

  /** Outlines, names and walk-to points of the room's hotspots; `selectedId` bold. */
  draw(room: Room | null, zoom: number, selectedId: string | null, visible: boolean, opacity: number): void {
    const g = this.shapes
    g.clear()
    this.overlay.setStyle(visible, opacity)
    g.visible = visible
    this.labels.visible = visible
    const hotspots = visible && room ? (room.hotspots ?? []) : []
    for (const [id, text] of this.texts)
      if (!hotspots.some((h) => h.id === id)) {
        text.destroy()
        this.texts.delete(id)
        this.textColours.delete(id)
      }
    if (!visible || !room) return
    hotspots.forEach((h, index) => {
      const colour = hotspotColour(h, index)
      const selected = h.id === selectedId
      let box: Box | undefined
      if (h.shape.kind === 'polygon') {
        const ring = coordsToRing(h.shape.outer)
        const flat = ring.flatMap((p) => [p.x, p.y])
        g.poly(flat).fill({ color: colour, alpha: 0.22 * opacity })
        g.poly(flat).stroke({ color: colour, width: (selected ? 3 : 1.5) / zoom, alpha: 1 })
        box = {
          x0: Math.min(...ring.map((p) => p.x)),
          y0: Math.min(...ring.map((p) => p.y)),
          x1: Math.max(...ring.map((p) => p.x)),
          y1: Math.max(...ring.map((p) => p.y)),
        }
      } else {
        box = this.boxes.get(h.shape.maskId)
        if (selected && box)
          g.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0).stroke({
            color: 0xffffff,
            width: 2 / zoom,
            alpha: 0.9,
          })
      }
      if (h.walkTo) {
        const { x, y } = h.walkTo
        if (box) {
          const cx = (box.x0 + box.x1) / 2
          const cy = (box.y0 + box.y1) / 2
          g.moveTo(cx, cy)
            .lineTo(x, y)
            .stroke({ color: colour, width: 1 / zoom, alpha: 0.5 })
        }
        const r = 6 / zoom
        const pole = 20 / zoom
        g.ellipse(x, y, r, r * 0.6).stroke({ color: 0x000000, width: 3.5 / zoom, alpha: 0.7 })
        g.ellipse(x, y, r, r * 0.6).stroke({ color: colour, width: (selected ? 2.5 : 1.5) / zoom })
        g.moveTo(x, y)
          .lineTo(x, y - pole)
          .stroke({ color: 0x000000, width: 3.5 / zoom, alpha: 0.7 })
        g.moveTo(x, y)
          .lineTo(x, y - pole)
          .stroke({ color: colour, width: 1.5 / zoom })
        g.poly([x, y - pole, x + 11 / zoom, y - pole + 4 / zoom, x, y - pole + 8 / zoom])
          .fill({ color: colour })
          .stroke({ color: 0x000000, width: 1 / zoom, alpha: 0.7 })
      }
      const label = this.texts.get(h.id)
      if (!box) {
        if (label) label.visible = false
        return
      }
      const text = label ?? this.makeLabel(h.id)
      const name = h.name || h.id
      if (text.text !== name) text.text = name
      if (this.textColours.get(h.id) !== colour) {
        text.style.stroke = { color: colour, width: 3 }
        this.textColours.set(h.id, colour)
      }
      text.visible = true
      text.scale.set(1 / zoom)
      text.position.set(box.x0 + 2 / zoom, box.y0 - 16 / zoom)
    })
  }

  private makeLabel(id: string): Text {
    const text = new Text({
      text: '',
      style: { fontFamily: 'sans-serif', fontSize: 12, fill: 0xffffff, stroke: { color: 0, width: 3 } },
    })
    this.texts.set(id, text)
    this.labels.addChild(text)
    return text
  }

  destroy(): void {
    this.overlay.destroyTiles()
  }
}
