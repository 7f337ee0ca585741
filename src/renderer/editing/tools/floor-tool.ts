/**
 * Floor from picture: click the floor in the background and Walkbox proposes the walk area
 * from the art (src/shared/analysis/floor-proposal.ts, run in the floor worker). The
 * proposal is only a preview until the Floor panel's Apply (editing/components/FloorPanel.vue) makes
 * it one undo step (editing/tools/floor-apply.ts); another click proposes from there instead,
 * Escape or another tool drops it, and nothing in the room changes before Apply.
 *
 * Modes: 'idle' (no proposal), 'proposing' (a click made one; it is shown).
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import { createFloorWorker } from '../workers/create-floor-worker'
import { FloorProposer, type FloorPort } from './floor-proposer'
import type { PreviewRing, Tool, ToolContext, ToolPointer, ToolPreview } from './tool'

/** The preview's colours (0xrrggbb): the proposed floor, its holes, the click. */
const FLOOR_COLOUR = 0x00e5ff
const HOLE_COLOUR = 0xff9f1c
const SEED_COLOUR = 0xffe066

export class FloorTool implements Tool {
  readonly id = 'floor'
  readonly cursor = 'crosshair'
  readonly proposer: FloorProposer

  constructor(
    private readonly ctx: ToolContext,
    makePort: () => FloorPort = createFloorWorker,
  ) {
    this.proposer = new FloorProposer(makePort)
    this.proposer.subscribe(() => ctx.previewChanged())
  }

  get mode(): 'idle' | 'proposing' {
    return this.proposer.state.seed ? 'proposing' : 'idle'
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const target = this.ctx.target()
    if (!target) return
    const { width, height } = target.room.size
    if (e.point.x < 0 || e.point.y < 0 || e.point.x >= width || e.point.y >= height) return
    if (this.proposer.state.status === 'no-picture') {
      this.ctx.report('error', 'This room has no background to read a floor from: add one first.')
      return
    }
    this.proposer.propose({ x: Math.floor(e.point.x) + 0.5, y: Math.floor(e.point.y) + 0.5 })
  }

  pointerMove(): void {}
  pointerUp(): void {}

  keyDown(key: string): boolean {
    if (key !== 'Escape' || !this.proposer.state.seed) return false
    this.cancel()
    return true
  }

  cancel(): void {
    this.proposer.clear()
  }

  preview(): ToolPreview | null {
    const { seed, outline } = this.proposer.state
    if (!seed) return null
    const rings: PreviewRing[] = (outline ?? []).flatMap((area) => [
      { points: area.outer, closed: true, colour: FLOOR_COLOUR, fill: FLOOR_COLOUR, holes: area.holes },
      ...area.holes.map((hole) => ({ points: hole, closed: true, colour: HOLE_COLOUR })),
    ])
    const marker: { point: Point; colour: number; size: number } = {
      point: seed,
      colour: SEED_COLOUR,
      size: 4,
    }
    return { rings, markers: [marker] }
  }
}
