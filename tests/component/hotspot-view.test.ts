/**
 * The hotspot layer's drawing (editing/canvas/hotspot-view.ts): each hotspot's name label sits at
 * the top-left of its outline's or its pixels' bounding box, is kept (the same label) and
 * moved between draws, follows a brush dab that grows or shrinks a painted hotspot, and goes
 * with its hotspot. A label made again per draw, or one left at a painted hotspot's old box,
 * fails here.
 *
 * Units: room px; label offsets in screen px divided by the zoom.
 */
import type { Text } from 'pixi.js'
import { describe, expect, it } from 'vitest'
import { HotspotLayer } from '../../src/renderer/editing/canvas/hotspot-view'
import { emptyRoom, type Room } from '../../src/shared/room/schema'

const W = 40
const H = 30

function room(): Room {
  const r = emptyRoom({ id: 'hall', width: W, height: H })
  r.hotspots = [
    {
      id: 'clock',
      name: 'hClock',
      shape: {
        kind: 'polygon',
        outer: [
          [10, 4],
          [20, 4],
          [20, 14],
          [10, 14],
        ],
      },
      properties: {},
    },
    { id: 'crack', name: 'hCrack', shape: { kind: 'mask', maskId: 3 }, properties: {} },
  ]
  return r
}

/** Hotspot cells with mask id 3 over x 25..29, y 20..22. */
function cells(): Uint8Array {
  const c = new Uint8Array(W * H)
  for (let y = 20; y < 23; y++) for (let x = 25; x < 30; x++) c[y * W + x] = 3
  return c
}

function labels(layer: HotspotLayer): Text[] {
  const container = layer.container.children.find((c) => c.label === 'hotspot-labels')!
  return container.children as Text[]
}

const byText = (layer: HotspotLayer, name: string) => labels(layer).find((t) => t.text === name)

describe('the hotspot layer view', () => {
  it('puts each name at its box, keeps the labels between draws and moves them with the zoom', () => {
    const layer = new HotspotLayer()
    const c = cells()
    layer.updateRect(c, W, { x: 0, y: 0, width: W, height: H })
    const r = room()
    layer.draw(r, 1, null, true, 1)
    const clock = byText(layer, 'hClock')!
    const crack = byText(layer, 'hCrack')!
    expect(labels(layer)).toHaveLength(2)
    expect([clock.x, clock.y]).toEqual([12, 4 - 16])
    expect([crack.x, crack.y]).toEqual([27, 20 - 16])

    layer.draw(r, 2, 'crack', true, 1)
    expect(labels(layer)).toHaveLength(2)
    expect(byText(layer, 'hClock')).toBe(clock)
    expect(byText(layer, 'hCrack')).toBe(crack)
    expect([clock.x, clock.y]).toEqual([11, 4 - 8])
    expect(clock.scale.x).toBe(0.5)
  })

  it('follows brush dabs that grow and shrink a painted hotspot, renames and drops labels with their hotspots', () => {
    const layer = new HotspotLayer()
    const c = cells()
    layer.updateRect(c, W, { x: 0, y: 0, width: W, height: H })
    const r = room()
    layer.draw(r, 1, null, true, 1)
    const crack = byText(layer, 'hCrack')!

    // A dab up and to the left of the painted pixels: the box grows, the label follows.
    c[8 * W + 21] = 3
    layer.updateRect(c, W, { x: 20, y: 7, width: 3, height: 3 })
    layer.draw(r, 1, null, true, 1)
    expect(byText(layer, 'hCrack')).toBe(crack)
    expect([crack.x, crack.y]).toEqual([23, 8 - 16])

    // Erasing that pixel again, then the left column of the rest: the box shrinks back, then in.
    c[8 * W + 21] = 0
    layer.updateRect(c, W, { x: 20, y: 7, width: 3, height: 3 })
    layer.draw(r, 1, null, true, 1)
    expect([crack.x, crack.y]).toEqual([27, 20 - 16])
    for (let y = 20; y < 23; y++) c[y * W + 25] = 0
    layer.updateRect(c, W, { x: 24, y: 19, width: 2, height: 5 })
    layer.draw(r, 1, null, true, 1)
    expect([crack.x, crack.y]).toEqual([28, 20 - 16])
    // Every pixel erased: no box, the label hidden.
    for (let y = 20; y < 23; y++) for (let x = 26; x < 30; x++) c[y * W + x] = 0
    layer.updateRect(c, W, { x: 25, y: 20, width: 5, height: 3 })
    layer.draw(r, 1, null, true, 1)
    expect(crack.visible).toBe(false)
    c[21 * W + 27] = 3
    layer.updateRect(c, W, { x: 27, y: 21, width: 1, height: 1 })
    layer.draw(r, 1, null, true, 1)
    expect([crack.visible, crack.x, crack.y]).toEqual([true, 29, 21 - 16])

    r.hotspots![1].name = 'hHole'
    layer.draw(r, 1, null, true, 1)
    expect(crack.text).toBe('hHole')

    r.hotspots = [r.hotspots![1]]
    layer.draw(r, 1, null, true, 1)
    expect(labels(layer).map((t) => t.text)).toEqual(['hHole'])
  })

  it('hides a painted hotspot with no pixels, and every label when the layer is hidden', () => {
    const layer = new HotspotLayer()
    layer.updateRect(new Uint8Array(W * H), W, { x: 0, y: 0, width: W, height: H })
    const r = room()
    layer.draw(r, 1, null, true, 1)
    expect(byText(layer, 'hCrack')?.visible ?? false).toBe(false)
    expect(byText(layer, 'hClock')!.visible).toBe(true)

    layer.draw(r, 1, null, false, 1)
    const container = layer.container.children.find((ch) => ch.label === 'hotspot-labels')!
    expect(container.visible).toBe(false)
  })
})
