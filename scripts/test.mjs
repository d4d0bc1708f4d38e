// `npm test`: every check and every suite, in lanes that run side by side; a lane runs its steps one after the
// other. The real-n8n suites mostly wait (for n8n's minute, for restarts), so they start at once, beside the lints
// and the unit suites that use the cores. The first failure stops every lane. Each line a step prints is shown
// with the step's name in front; the run ends with each step's time.
import { spawn } from 'node:child_process';

/**
 * npm scripts. Each lane's order matters: verify packs (its prepack builds dist/) before the unit suites load dist/;
 * queue mode runs on the n8n the real-n8n suite uses, the compatibility subset on the 1.x that .ci/run installs
 * second. `nice`: the lints and type checks run at a lower CPU priority, so the suites beside them, which have
 * bounds to meet and are the longest lane, get the cores first; the checks have time to spare.
 */
const LANES = [
	{ nice: true, steps: ['lint', 'lint:types', 'typecheck', 'format:check', 'lint:workflows'] },
	{ steps: ['verify', 'test:unit'] },
	// The real-n8n suites pack the package in a copy of the sources (test/e2e/support/community-package.ts), so
	// they never rebuild the dist/ the unit suites read.
	{ steps: ['test:e2e'] },
	{ steps: ['test:queue', 'test:compat'] },
];

const started = Date.now();
const width = Math.max(...LANES.flatMap((lane) => lane.steps).map((name) => name.length));
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
/** Steps running now: name -> child (leader of its own process group). */
const running = new Map();
const times = [];
let failed;

function print(name, line) {
	process.stdout.write(`[${name.padEnd(width)}] ${line}\n`);
}

function runStep(name, nice) {
	return new Promise((resolve) => {
		const stepStarted = Date.now();
		const command = ['npm', 'run', '--silent', name];
		if (nice) command.unshift('nice', '-n', '10');
		// Own process group, so a stop reaches npm, jest, its workers and every n8n they started.
		const child = spawn(command[0], command.slice(1), {
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		running.set(name, child);
		for (const stream of [child.stdout, child.stderr]) {
			let pending = '';
			stream.setEncoding('utf8');
			stream.on('data', (chunk) => {
				pending += chunk;
				const lines = pending.split('\n');
				pending = lines.pop() ?? '';
				for (const line of lines) print(name, line);
			});
			stream.on('end', () => pending && print(name, pending));
		}
		child.on('close', (code, signal) => {
			running.delete(name);
			const ms = Date.now() - stepStarted;
			// A step stopped because another failed is not a failure of its own.
			const outcome = code === 0 ? 'passed' : failed ? 'stopped' : 'FAILED';
			times.push([name, ms, outcome]);
			print(
				name,
				`${outcome} in ${seconds(ms)}${code === 0 ? '' : ` (${signal ?? `exit ${code}`})`}`,
			);
			resolve(code === 0);
		});
	});
}

async function runLane({ steps, nice = false }) {
	for (const name of steps) {
		if (failed) return;
		if (!(await runStep(name, nice))) {
			failed ??= name;
			stopAll('SIGTERM');
		}
	}
}

function stopAll(signal) {
	for (const child of running.values()) {
		try {
			process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	}
}

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		failed ??= signal;
		stopAll('SIGTERM');
		setTimeout(() => stopAll('SIGKILL'), 10_000).unref();
	});
}

await Promise.all(LANES.map(runLane));

process.stdout.write(
	`\nnpm test: ${failed ? `FAILED (${failed})` : 'passed'} in ${seconds(Date.now() - started)}\n`,
);
for (const [name, ms, outcome] of times)
	process.stdout.write(`  ${name.padEnd(width)}  ${seconds(ms).padStart(6)}  ${outcome}\n`);
if (failed) process.exitCode = 1;
