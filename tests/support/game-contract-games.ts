/**
 * The games the game store's contract (game-store-contract.ts) runs on, as files (path and
 * bytes) that each host's test puts in a fresh folder of its own: copies of the bench games
 * (../shared/bench/engines, read from there, never copied into the repo) and a Tiled map
 * written here.
 *
 * Units: bytes.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { benchPath } from './bench-data'
import { filesBelow } from './folder-listing'
import { GATED_CAVE_TMX } from './tiled-builders'
import type { ContractGameName } from './game-store-contract'

export type GameFileList = { path: string; bytes: Uint8Array }[]

async function bench(game: string, only?: (path: string) => boolean): Promise<GameFileList> {
  const root = benchPath('engines', game)
  const out: GameFileList = []
  for (const path of (await filesBelow(root)).sort())
    if (path !== 'LICENSE' && (!only || only(path)))
      out.push({ path, bytes: new Uint8Array(await readFile(join(root, path))) })
  return out
}

/** Every contract game's files. */
export async function contractGames(): Promise<Record<ContractGameName, GameFileList>> {
  return {
    ags4: await bench('ags-tumbleweed', (p) => p === 'Game.agf' || p.startsWith('Rooms/')),
    ags3: await bench('ags-tumbleweed', (p) => p === 'Game.agf' || p === 'room1.crm'),
    godot: await bench('popochiu-sample-game'),
    tiled: [{ path: 'maps/cave.tmx', bytes: new TextEncoder().encode(GATED_CAVE_TMX) }],
  }
}
