/**
 * What the room view draws for the points layer: each named point as a marker of its kind
 * with its name beside it. A marker is a diamond, an entrance an arrow pointing down onto the
 * floor, a walk-to point a flag, the player start a circled figure; the selected point is
 * drawn bold. Markers and labels keep their screen size at every zoom (sizes in screen px
 * divided by the zoom). Pixi only: it reads the room it is given and never a store; labels
 * are kept between draws and only moved.
 *
 * Units: room px; strokes, marker and text sizes in screen px divided by the zoom.
 */
import { Container, Graphics, Text } from 'pixi.js'
import type { PointKind, Room } from '../../../shared/room/schema'
import { pointKind } from '../commands/point-commands'

/** Colour of each kind (0xrrggbb). */
export const POINT_COLOURS: Record<PointKind, number> = {
  marker: 0xffb74d,
  entrance: 0x81c784,
  'walk-to': 0x64b5f6,
  'player-start': 0xf48fb1,
}

/** Half a marker's size, screen px. */
const R = 7

export class PointLayer {
  readonly container = new Container({ label: 'points' })
  private readonly shapes = new Graphics({ label: 'point-markers' })
  private readonly labels = new Container({ label: 'point-labels' })
  private readonly texts = new Map<string, Text>()

  constructor() {
    this.container.addChild(this.shapes, this.labels)
  }

  /** The room's points; `selectedId` bold. */
  draw(room: Room | null, zoom: number, selectedId: string | null, visible: boolean, opacity: number): void {
    const g = this.shapes
    g.clear()
    this.container.visible = visible
    this.container.alpha = opacity
    const points = visible && room ? (room.points ?? []) : []
    for (const [id, text] of this.texts)
      if (!points.some((p) => p.id === id)) {
        text.destroy()
        this.texts.delete(id)
      }
    const r = R / zoom
    for (const p of points) {
      const kind = pointKind(p)
      const colour = POINT_COLOURS[kind]
      const selected = p.id === selectedId
      const width = (selected ? 2.5 : 1.5) / zoom
      const { x, y } = p
      const outline = (shape: () => Graphics) => {
        shape().stroke({ color: 0x000000, width: width + 2 / zoom, alpha: 0.75 })
        shape()
          .fill({ color: colour, alpha: selected ? 1 : 0.85 })
          .stroke({ color: colour, width })
      }
      switch (kind) {
        case 'marker':
          outline(() => g.poly([x, y - r, x + r, y, x, y + r, x - r, y]))
          break
        case 'entrance':
          // An arrow standing on the point: where the player arrives.
          outline(() =>
            g.poly([
              x,
              y,
              x + r,
              y - r,
              x + r * 0.4,
              y - r,
              x + r * 0.4,
              y - 2 * r,
              x - r * 0.4,
              y - 2 * r,
              x - r * 0.4,
              y - r,
              x - r,
              y - r,
            ]),
          )
          break
        case 'walk-to':
          g.ellipse(x, y, r, r * 0.55).stroke({ color: 0x000000, width: width + 2 / zoom, alpha: 0.75 })
          g.ellipse(x, y, r, r * 0.55).stroke({ color: colour, width })
          g.moveTo(x, y)
            .lineTo(x, y - 3 * r)
            .stroke({ color: 0x000000, width: 3.5 / zoom, alpha: 0.75 })
          g.moveTo(x, y)
            .lineTo(x, y - 3 * r)
            .stroke({ color: colour, width: 1.5 / zoom })
          outline(() => g.poly([x, y - 3 * r, x + 1.6 * r, y - 2.5 * r, x, y - 2 * r]))
          break
        case 'player-start':
          g.circle(x, y, r * 1.3).stroke({ color: 0x000000, width: width + 2 / zoom, alpha: 0.75 })
          g.circle(x, y, r * 1.3).stroke({ color: colour, width })
          outline(() => g.circle(x, y - r * 0.35, r * 0.45))
          outline(() => g.poly([x - r * 0.6, y + r * 0.8, x, y + r * 0.05, x + r * 0.6, y + r * 0.8]))
          break
      }
      if (selected) g.circle(x, y, r * 2).stroke({ color: 0xffffff, width: 1 / zoom, alpha: 0.9 })
      const text = this.texts.get(p.id) ?? this.makeLabel(p.id)
      const name = p.name || p.id
      if (text.text !== name) text.text = name
      text.style.stroke = { color: colour, width: 3 }
      text.scale.set(1 / zoom)
      text.position.set(x + r + 3 / zoom, y - r - 2 / zoom)
    }
  }

  private makeLabel(id: string): Text {
    const text = new Text({
      text: '',
      style: {
        fontFamily: 'sans-serif',
        fontSize: 12,
        fill: 0x000000,
        stroke: { color: 0xffffff, width: 3 },
      },
    })
    this.texts.set(id, text)
    this.labels.addChild(text)
    return text
  }
}
