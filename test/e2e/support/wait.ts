/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Waiting in the real-n8n suites: never a long sleep, a probe asked every half second until it holds.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` every 0.5 s until it returns something truthy, and returns that. After `timeoutMs` it throws
 * naming `what`, with `detail()` appended (a post-mortem for CI's output).
 */
export async function until<T>(
	what: string,
	probe: () => Promise<T | undefined | false> | T | undefined | false,
	timeoutMs: number,
	detail?: () => Promise<string>,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline)
			throw new Error(`${what}: not within ${timeoutMs} ms${detail ? `\n${await detail()}` : ''}`);
		await sleep(500);
	}
}

/**
 * Waits until seconds `from` to 40 of a minute (n8n's minute, UTC): what changes then is read by the polls
 * of the next minute, every workflow's in the same one.
 */
export async function midMinute(from: number): Promise<void> {
	await until(
		`seconds ${from} to 40 of a minute`,
		() => {
			const second = new Date().getUTCSeconds();
			return second >= from && second <= 40;
		},
		60_000,
	);
}
