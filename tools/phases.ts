/**
 * `npm test`: the suite's phases one after another, as npm scripts, stopping at the first that fails;
 * each phase's time is printed when it ends and all of them at the end, so a slow CI says where its
 * minutes went. On Linux each phase's CPU time (its processes', children included) is printed too: on
 * a shared 2-core machine the wall time says how long, the CPU time what a phase costs the others.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds used by this process's finished children (Linux's cutime + cstime); null elsewhere. */
function childrenCpuSeconds(): number | null {
  try {
    // The fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th of the line.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // 100 ticks a second on Linux (USER_HZ).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const phases = process.argv.slice(2);
const times: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const at = Date.now();
  const cpuBefore = childrenCpuSeconds();
  console.log(`\n== ${phase}`);
  const run = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - at) / 1000);
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? '' : `, ${Math.round(cpuAfter - cpuBefore)} s CPU`;
  times.push(`${phase} ${seconds} s${cpu}`);
  console.log(`== ${phase}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s${cpu}`);
  if (run.status !== 0) {
    console.log(`phases: ${times.join('; ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`phases: ${times.join('; ')}; in all ${Math.round((Date.now() - started) / 1000)} s`);
