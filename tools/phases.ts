/**
 * `npm test`: the suite's phases one after another, as npm scripts, stopping at the first that fails;
 * each phase's time is printed when it ends and all of them at the end, so a slow CI says where its
 * minutes went.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

/**
 * With PHASES_LOG set, each phase's start and end is also appended to that file, one line each
 * (`<phase> started`, `<phase> passed|FAILED`): CI starts its background legs when the CPU-bound
 * phases are over (`.ci/run`, decision 0032).
 */
const note = (line: string) => {
  if (process.env.PHASES_LOG) appendFileSync(process.env.PHASES_LOG, `${line}\n`);
};

const phases = process.argv.slice(2);
const times: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const at = Date.now();
  console.log(`\n== ${phase}`);
  note(`${phase} started`);
  const run = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - at) / 1000);
  times.push(`${phase} ${seconds} s`);
  console.log(`== ${phase}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  note(`${phase} ${run.status === 0 ? 'passed' : 'FAILED'}`);
  if (run.status !== 0) {
    console.log(`phases: ${times.join(', ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`phases: ${times.join(', ')}; in all ${Math.round((Date.now() - started) / 1000)} s`);
