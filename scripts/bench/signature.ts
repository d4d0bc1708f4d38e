/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Webhook signature checks per second with the trigger's own verifier, on 2 KB bodies.
import { createHmac, randomBytes } from 'crypto';

import { verifySignature } from '../../nodes/InventoryProTrigger/signature';

export interface SignatureResult {
	perSecond: number;
	checked: number;
	/** A tampered body must fail: proof the loop measured real checks. */
	rejectsTampered: boolean;
	/** For the notes: bare HMAC-SHA256 rates with the key as a string and as a Buffer. */
	hmacStringKeyPerSecond: number;
	hmacBufferKeyPerSecond: number;
}

/** Calls `fn` in batches of 1,000 for `durationMs`; returns calls per second. */
function rate(durationMs: number, fn: (i: number) => void): { perSecond: number; calls: number } {
	for (let i = 0; i < 2000; i++) fn(i);
	let calls = 0;
	const start = process.hrtime.bigint();
	const end = start + BigInt(durationMs) * 1_000_000n;
	let now = start;
	while (now < end) {
		for (let i = 0; i < 1000; i++) fn(i);
		calls += 1000;
		now = process.hrtime.bigint();
	}
	return { perSecond: calls / (Number(now - start) / 1e9), calls };
}

export function signatureRate(durationMs = 1500, bodyBytes = 2048): SignatureResult {
	const secret = randomBytes(32).toString('hex');
	// 64 distinct bodies of exactly `bodyBytes`, each a JSON event like the service sends.
	const bodies = Array.from({ length: 64 }, () => {
		const json = JSON.stringify({
			event: 'inventory.received',
			data: { pad: randomBytes(bodyBytes).toString('base64') },
		});
		return Buffer.from(json.slice(0, bodyBytes - 3) + '"}}', 'utf8');
	});
	const headers = bodies.map(
		(body) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
	);

	const tampered = Buffer.from(bodies[0]);
	tampered[10] ^= 1;
	const rejectsTampered = !verifySignature(tampered, headers[0], secret);

	let valid = 0;
	const measured = rate(durationMs, (i) => {
		if (verifySignature(bodies[i & 63], headers[i & 63], secret)) valid++;
	});
	// The warm-up calls count too: every call must have accepted its valid signature.
	if (valid !== measured.calls + 2000)
		throw new Error(`only ${valid} valid signatures of ${measured.calls + 2000} were accepted`);

	const keyBuffer = Buffer.from(secret, 'utf8');
	const hmacString = rate(500, (i) =>
		createHmac('sha256', secret)
			.update(bodies[i & 63])
			.digest(),
	);
	const hmacBuffer = rate(500, (i) =>
		createHmac('sha256', keyBuffer)
			.update(bodies[i & 63])
			.digest(),
	);
	return {
		perSecond: measured.perSecond,
		checked: measured.calls,
		rejectsTampered,
		hmacStringKeyPerSecond: hmacString.perSecond,
		hmacBufferKeyPerSecond: hmacBuffer.perSecond,
	};
}
