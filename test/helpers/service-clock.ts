/**
 * A test clock for a spawned service (startServerProcess's `clock`): loaded into its process
 * with `--import`, before the service, so everything that reads the time through Date.now()
 * (the delivery worker's leases among it) reads this. It keeps time with the real clock until
 * the process receives SIGUSR2, which moves it on by TEST_CLOCK_STEP_MS; the process then
 * writes "test clock: moved on by N ms" to stderr, the test's signal that it took effect.
 */
const realNow = Date.now.bind(Date);
const step = Number(process.env.TEST_CLOCK_STEP_MS);
let offset = 0;

Date.now = () => realNow() + offset;
process.on('SIGUSR2', () => {
  offset += step;
  process.stderr.write(`test clock: moved on by ${offset} ms\n`);
});
