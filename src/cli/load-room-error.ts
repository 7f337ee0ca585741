/**
 * The error of a room (or scenario file) that cannot be read. Its message is one line:
 * the file and what was expected. The command line prints it and exits with code 2.
 *
 * Units: none.
 */
export class RoomLoadError extends Error {}
