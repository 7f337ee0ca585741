/**
 * The error of a room (or scenario file) that cannot be read. Its message is one line:
 * the file and what was expected. The command line prints it and exits with code 2.
 *
 * Units: none.
 */
export class RoomLoadError extends Error {}

/** A room that was read but cannot be asked for paths (nothing in it is walkable). One line, exit 2. */
export class RoomRefusedError extends RoomLoadError {}
