/**
 * Rooms and projects for the format tests: one that uses every field of format
 * version 1, in normal form (so normalising it changes nothing).
 *
 * Units: room px, px/s, percent.
 */
import type { Project, Room } from '../../../src/shared/room/schema'

export function fullProject(): Project {
  return {
    formatVersion: 1,
    appVersion: '0.1.0',
    name: 'Harbour',
    rooms: [
      { id: 'porch', name: 'Porch', folder: 'rooms/porch' },
      { id: 'cellar', name: 'Cellar', folder: 'rooms/cellar' },
    ],
    flags: [
      { id: 'door_open', name: 'Door open', default: false },
      { id: 'guard_awake', name: 'Guard awake', default: true },
    ],
    characters: [{ id: 'hero', name: 'Hero', height: 140, footWidth: 24, speed: 180, speedScales: true }],
  }
}

export function fullRoom(): Room {
  return {
    formatVersion: 1,
    id: 'porch',
    name: 'Porch',
    size: { width: 320, height: 200 },
    background: 'background.png',
    areas: [
      { id: 1, name: 'Floor', colour: '#3cb371' },
      { id: 2, name: 'Doorway', colour: '#ff8800', enabledBy: 'door_open && !guard_awake' },
    ],
    mask: 'walkmask.png',
    polygons: [
      {
        id: 'floor',
        areaId: 1,
        outer: [
          [10, 100],
          [300, 100],
          [300, 190],
          [10, 190],
        ],
        holes: [
          [
            [100, 120],
            [100, 150],
            [140, 150],
            [140, 120],
          ],
        ],
      },
    ],
    authoritative: 'mask',
    gates: [
      {
        id: 'crate',
        name: 'Crate',
        kind: 'block-polygon',
        polygon: [
          [200, 120],
          [230, 120],
          [230, 140],
        ],
        flagExpression: '!door_open',
      },
      { id: 'door', name: 'Door', kind: 'open-area', areaId: 2, flagExpression: 'door_open' },
    ],
    nodeGraph: {
      nodes: [
        { id: 'n1', x: 20, y: 150 },
        { id: 'n2', x: 160.5, y: 170.25 },
        { id: 'n10', x: 290, y: 150 },
      ],
      joins: [
        { a: 'n1', b: 'n2', oneWay: false, cost: 1 },
        { a: 'n10', b: 'n2', oneWay: true, cost: 1.5 },
      ],
    },
    scaling: {
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 100, scale: 60 },
            { y: 190, scale: 100 },
          ],
        },
        { areaId: 2, stops: [{ y: 100, scale: 50 }] },
      ],
      map: { file: 'scalemap.png', min: 40, max: 110 },
    },
    zones: [
      {
        id: 'mat',
        name: 'Door mat',
        shape: {
          kind: 'polygon',
          outer: [
            [140, 170],
            [180, 170],
            [180, 185],
            [140, 185],
          ],
        },
        events: { enter: 'onMatEnter', exit: '', stand: 'onMatStand' },
        enabledBy: 'true',
        properties: { cursor: 'walk', sound: 'creak' },
      },
      {
        id: 'doorway',
        name: 'Doorway',
        shape: { kind: 'area', areaId: 2 },
        events: { enter: 'onDoorway', exit: 'onLeaveDoorway', stand: '' },
        properties: {},
      },
    ],
    points: [
      { id: 'door-in', name: 'door_in', x: 20, y: 150 },
      { id: 'bench', name: 'bench', x: 250.5, y: 140 },
    ],
    hotspots: [
      {
        id: 'calendar',
        name: 'hCalendar',
        description: 'a calendar',
        shape: { kind: 'mask', maskId: 2 },
        walkTo: { x: 100, y: 160 },
        properties: { ags_interaction: 'hCalendar_Look' },
      },
      {
        id: 'window',
        name: 'Window',
        shape: {
          kind: 'polygon',
          outer: [
            [200, 20],
            [260, 20],
            [260, 80],
            [200, 80],
          ],
        },
        walkTo: { x: 230, y: 150.5 },
        lookAt: { x: 230, y: 50 },
        direction: 'up',
        enabledBy: '!door_open',
        properties: {},
      },
    ],
    hotspotMask: {
      rows: Array.from({ length: 200 }, (_, y) => (y >= 30 && y < 60 ? '90 20:2 210' : '320')),
    },
    walkBehinds: {
      areas: [
        { id: 1, name: 'Pillar', baseline: 170 },
        { id: 3, baseline: 120.5 },
      ],
      rows: Array.from({ length: 200 }, (_, y) => (y < 100 ? '300 10:1 10' : y < 110 ? '5 5:3 310' : '320')),
    },
    sceneOffset: { x: 46, y: 0 },
    testWalk: { start: { x: 160, y: 160 }, characterId: 'hero', height: 120, speed: 160 },
  }
}
