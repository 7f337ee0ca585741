/**
 * The layers of src/shared point one way (DESIGN.md, CONTRIBUTING.md): geometry <- nav
 * <- room <- analysis / measure / formats. These tests run the project's own lint
 * configuration on probe sources placed (virtually) in each layer, so that a change to
 * eslint.config.js that lets a wrong import through fails here.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import direction inside src/shared', () => {
  it('refuses room and analysis imports inside nav, the core a game ships', async () => {
    const found = await restrictedImports(
      'src/shared/nav/probe.ts',
      "import { parseRoom } from '../room/schema'\nimport { roomNavState } from '../analysis/room-world'\nexport const probe = [parseRoom, roomNavState]\n",
    )
    expect(found).toHaveLength(2)
    expect(found[0]).toContain('nav (the core a game ships) imports only geometry')
  })

  it('refuses measure and zod inside nav, and lets geometry in', async () => {
    expect(
      await restrictedImports(
        'src/shared/nav/algorithms/probe.ts',
        "import { pathLength } from '../../measure/metrics'\nimport { z } from 'zod'\nexport const probe = [pathLength, z]\n",
      ),
    ).toHaveLength(2)
    expect(
      await restrictedImports(
        'src/shared/nav/algorithms/probe.ts',
        "import { ringArea } from '../../geometry/polygon'\nexport const probe = ringArea\n",
      ),
    ).toEqual([])
  })

  it('keeps geometry at the bottom and room free of nav and analysis', async () => {
    expect(
      await restrictedImports(
        'src/shared/geometry/probe.ts',
        "import type { NavWorld } from '../nav/types'\nexport type P = NavWorld\n",
      ),
    ).toHaveLength(1)
    expect(
      await restrictedImports(
        'src/shared/room/probe.ts',
        "import { navWorldForRoom } from '../analysis/room-world'\nimport type { NavWorld } from '../nav/types'\nexport const probe: NavWorld | typeof navWorldForRoom | null = null\n",
      ),
    ).toHaveLength(2)
  })

  it('lets analysis and measure use nav and room', async () => {
    expect(
      await restrictedImports(
        'src/shared/analysis/probe.ts',
        "import { parseRoom } from '../room/schema'\nimport { runQuery } from '../nav/run'\nexport const probe = [parseRoom, runQuery]\n",
      ),
    ).toEqual([])
    expect(
      await restrictedImports(
        'src/shared/measure/probe.ts',
        "import { runQuery } from '../nav/run'\nimport { roomNavState } from '../analysis/room-world'\nexport const probe = [runQuery, roomNavState]\n",
      ),
    ).toEqual([])
  })

  it('lets formats use room, nav and analysis, and keeps them from measure and the host; nothing below imports formats', async () => {
    expect(
      await restrictedImports(
        'src/shared/formats/probe.ts',
        "import { parseRoom } from '../room/schema'\nimport { navWorldForRoom } from '../analysis/room-world'\nexport const probe = [parseRoom, navWorldForRoom]\n",
      ),
    ).toEqual([])
    const found = await restrictedImports(
      'src/shared/formats/probe.ts',
      "import { pathLength } from '../measure/metrics'\nimport { IMAGE_LIMITS } from '../host'\nexport const probe = [pathLength, IMAGE_LIMITS]\n",
    )
    expect(found).toHaveLength(2)
    expect(found[0]).toContain('formats use geometry, nav, room and analysis')
    expect(
      await restrictedImports(
        'src/shared/analysis/probe.ts',
        "import { ROOM_FORMATS } from '../formats/registry'\nexport const probe = ROOM_FORMATS\n",
      ),
    ).toHaveLength(1)
  })
})

describe('the runtime package (src/runtime) stays free of the editor, Node and zod', () => {
  it('refuses zod, Node, the schema values, other formats and the editor; lets nav, analysis and schema types in', async () => {
    const found = await restrictedImports(
      'src/runtime/probe.ts',
      [
        "import { z } from 'zod'",
        "import { readFileSync } from 'node:fs'",
        "import { parseRoom } from '../shared/room/schema'",
        "import { exportRuntimeRoom } from '../shared/formats/runtime'",
        "import { pathLength } from '../shared/measure/metrics'",
        "import { useEditor } from '../renderer/stores/editor'",
        'export const probe = [z, readFileSync, parseRoom, exportRuntimeRoom, pathLength, useEditor]',
        '',
      ].join('\n'),
    )
    expect(found).toHaveLength(6)
    expect(found[0]).toContain('The runtime (a game ships it) imports no zod')
    expect(found[2]).toContain('room schema for types only')
    expect(
      await restrictedImports(
        'src/runtime/probe.ts',
        [
          "import type { Room } from '../shared/room/schema'",
          "import { evaluateFlagExpression } from '../shared/room/flag-expression'",
          "import { decodeRuns } from '../shared/formats/runtime-file'",
          "import { readNavmesh } from '../shared/formats/runtime-navmesh'",
          "import { zonesAt } from '../shared/analysis/zones'",
          "import { jps } from '../shared/nav/algorithms/jps'",
          'export type R = Room',
          'export const probe = [evaluateFlagExpression, decodeRuns, readNavmesh, zonesAt, jps]',
          '',
        ].join('\n'),
      ),
    ).toEqual([])
  })
})

describe("import direction between the renderer's features", () => {
  it('refuses an import up or across (editing -> shell, platform -> editing, compare -> project) and lets one down through', async () => {
    const up = await restrictedImports(
      'src/renderer/editing/components/Probe.ts',
      "import { createEditorActions } from '../../shell/actions/editor-actions'\nexport const probe = createEditorActions\n",
    )
    expect(up).toHaveLength(1)
    expect(up[0]).toContain('src/renderer/editing imports only what lies below it')
    expect(
      await restrictedImports(
        'src/renderer/platform/host/probe.ts',
        "import { useEditorStore } from '../../editing/stores/editor'\nexport const probe = useEditorStore\n",
      ),
    ).toHaveLength(1)
    expect(
      await restrictedImports(
        'src/renderer/compare/probe.ts',
        "import { useProjectIoStore } from '../project/stores/project-io'\nexport const probe = useProjectIoStore\n",
      ),
    ).toHaveLength(1)
    const node = await restrictedImports(
      'src/renderer/editing/stores/probe.ts',
      "import { readFileSync } from 'node:fs'\nexport const probe = readFileSync\n",
    )
    expect(node).toHaveLength(1)
    expect(node[0]).toContain('The renderer never imports Node: talk to the host contract.')
    expect(
      await restrictedImports(
        'src/renderer/shell/menu/probe.ts',
        "import { useEditorStore } from '../../editing/stores/editor'\nimport { useProjectIoStore } from '../../project/stores/project-io'\nexport const probe = [useEditorStore, useProjectIoStore]\n",
      ),
    ).toEqual([])
  })
})
