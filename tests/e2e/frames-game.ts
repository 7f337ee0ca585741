/**
 * The bench AGS game with a second background frame in room 1, for the background-frame
 * tests: data.xml's BackgroundCount 2 and `background1.png`, room 1's background recoloured
 * as a red alert. SKY is a pixel of the console light (not walkable, under no walk-behind)
 * in a flat 5x5 patch of both frames.
 *
 * Units: room px.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { benchPath } from '../support/bench-data'
import { filesBelow } from '../support/folder-listing'

export const SKY = { x: 115, y: 79 }

/** Room 1's background recoloured as a red alert: its PNG bytes and its colour at SKY. */
export async function recolouredFrame(): Promise<{ bytes: Uint8Array; colour: [number, number, number] }> {
  const recoloured = sharp(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1', 'background0.png'))
    .removeAlpha()
    .modulate({ brightness: 1, hue: 150 })
    .linear(1.6, 30)
  const bytes = new Uint8Array(await recoloured.clone().png().toBuffer())
  const { data, info } = await recoloured.raw().toBuffer({ resolveWithObject: true })
  const i = (SKY.y * info.width + SKY.x) * 3
  return { bytes, colour: [data[i], data[i + 1], data[i + 2]] }
}

/** Every file of the bench AGS game, room 1 with two frames (path -> bytes), and the second frame. */
export async function gameWithFrames(): Promise<{
  files: Record<string, Uint8Array>
  frame: { bytes: Uint8Array; colour: [number, number, number] }
}> {
  const source = benchPath('engines', 'ags-tumbleweed')
  const files: Record<string, Uint8Array> = {}
  for (const path of await filesBelow(source)) {
    let bytes = new Uint8Array(await readFile(join(source, path)))
    if (path === 'Rooms/1/data.xml')
      bytes = new TextEncoder().encode(
        new TextDecoder()
          .decode(bytes)
          .replace('<BackgroundCount>1</BackgroundCount>', '<BackgroundCount>2</BackgroundCount>'),
      )
    files[path] = bytes
  }
  const frame = await recolouredFrame()
  files['Rooms/1/background1.png'] = frame.bytes
  return { files, frame }
}
