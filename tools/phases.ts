/**
 * `npm test`: the suite's phases one after another, as npm scripts, stopping at the first that fails;
 * each phase's time is printed when it ends and all of them at the end, so a slow CI says where its
 * minutes went. On Linux the CPU time the machine spent during each phase is printed too (from
 * `/proc/stat`: every process, PostgreSQL's server and the browsers the tests start included. The CPU
 * of the processes a phase waits for missed most of it: 891 s for the browser suite, which cost the
 * machine 3,557 s). On a shared 2-core machine the wall time says how long, the CPU time what a phase costs
 * the others. In CI the legs running beside `npm test` are in that figure too (`.ci/run` prints
 * their own).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds the whole machine has spent since it started (Linux's /proc/stat, all but idle and I/O wait); null elsewhere. */
function machineCpuSeconds(): number | null {
  try {
    // "cpu  user nice system idle iowait irq softirq steal …", in USER_HZ (100 a second on Linux).
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

const phases = process.argv.slice(2);
const times: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const at = Date.now();
  const cpuBefore = machineCpuSeconds();
  console.log(`\n== ${phase}`);
  const run = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - at) / 1000);
  const cpuAfter = machineCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? '' : `, ${Math.round(cpuAfter - cpuBefore)} s of the machine's CPU`;
  times.push(`${phase} ${seconds} s${cpu}`);
  console.log(`== ${phase}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s${cpu}`);
  if (run.status !== 0) {
    console.log(`phases: ${times.join('; ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`phases: ${times.join('; ')}; in all ${Math.round((Date.now() - started) / 1000)} s`);
