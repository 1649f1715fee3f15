/**
 * `npm test`: the suite's phases one after another, as npm scripts, stopping at the first that fails;
 * each phase's time is printed when it ends and all of them at the end, so a slow CI says where its
 * minutes went.
 */
import { spawnSync } from 'node:child_process';

const phases = process.argv.slice(2);
const times: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const at = Date.now();
  console.log(`\n== ${phase}`);
  const run = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - at) / 1000);
  times.push(`${phase} ${seconds} s`);
  console.log(`== ${phase}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (run.status !== 0) {
    console.log(`phases: ${times.join(', ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`phases: ${times.join(', ')}; in all ${Math.round((Date.now() - started) / 1000)} s`);
