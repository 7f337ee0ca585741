/**
 * Property tests use a fixed seed by default, so a test run is reproducible (CI asks the
 * same random questions every time). Set WALKBOX_FC_SEED=random to explore new cases,
 * or to a number to replay a run; fast-check prints the seed of any failure.
 */
import fc from 'fast-check'

const setting = process.env.WALKBOX_FC_SEED ?? '20261122'
if (setting !== 'random') {
  const seed = Number(setting)
  if (!Number.isInteger(seed))
    throw new Error(`WALKBOX_FC_SEED must be a whole number or 'random', not '${setting}'.`)
  fc.configureGlobal({ seed })
}
