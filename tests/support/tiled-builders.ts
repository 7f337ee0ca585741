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

/** A Tiled JSON object with Tiled's defaults for what `o` does not say (its id is the caller's). */
export function tiledObject(o: object) {
  return { name: '', type: '', x: 0, y: 0, width: 0, height: 0, rotation: 0, visible: true, ...o }
}

/** A Tiled JSON object layer with the id the caller gives (drawn top-down, as Tiled's default). */
export function objectLayer(id: number, name: string, objects: object[], extra: object = {}) {
  return {
    id,
    name,
    type: 'objectgroup',
    draworder: 'topdown',
    opacity: 1,
    visible: true,
    x: 0,
    y: 0,
    objects,
    ...extra,
  }
}

/** A hand-made map (no walkbox.flags): a walkable floor and a gate shut while the flag doorOpen is false. */
export const GATED_CAVE_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="3">
 <properties>
  <property name="music" value="cave.ogg"/>
 </properties>
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60" width="280" height="160"/>
 </objectgroup>
 <objectgroup id="2" name="gates">
  <object id="2" name="door" type="gate" x="100" y="100" width="20" height="40">
   <properties>
    <property name="flagExpression" value="!doorOpen"/>
   </properties>
  </object>
 </objectgroup>
</map>
`

/** A Tiled 1.8 JSON map of `width` x `height` tiles of 16 px with these layers (ids given by the caller). */
export function tiledMap(
  width: number,
  height: number,
  layers: object[],
  extra: { tilesets?: object[]; properties?: object[]; nextobjectid?: number; nextlayerid?: number } = {},
) {
  return {
    type: 'map',
    version: '1.8',
    tiledversion: '1.8.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    compressionlevel: -1,
    width,
    height,
    tilewidth: 16,
    tileheight: 16,
    nextlayerid: extra.nextlayerid ?? 50,
    nextobjectid: extra.nextobjectid ?? 100,
    tilesets: extra.tilesets ?? [],
    layers,
    ...(extra.properties ? { properties: extra.properties } : {}),
  }
}

/** A finite tile layer in CSV (JSON numbers). */
export function tileLayer(
  id: number,
  name: string,
  width: number,
  height: number,
  data: number[],
  extra: object = {},
) {
  return { id, name, type: 'tilelayer', width, height, x: 0, y: 0, opacity: 1, visible: true, data, ...extra }
}
