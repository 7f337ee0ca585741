/**
 * Tiled JSON objects and object layers for tests that write maps (and have Tiled rewrite
 * them): each call numbers its object or layer from one counter per builder, as Tiled gives
 * ids, with Tiled's defaults for what the test does not say.
 *
 * Units: px.
 */
export function tiledBuilders() {
  let nextId = 1
  /** The next id (for layers and groups the test writes out itself). */
  const next = () => nextId++
  const obj = (o: object) => ({
    id: next(),
    name: '',
    type: '',
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    rotation: 0,
    visible: true,
    ...o,
  })
  const objects = (name: string, list: object[], extra: object = {}) => ({
    id: next(),
    name,
    type: 'objectgroup',
    draworder: 'index',
    opacity: 1,
    visible: true,
    x: 0,
    y: 0,
    objects: list,
    ...extra,
  })
  return { next, obj, objects }
}
