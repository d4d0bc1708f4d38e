// Throws random mutations of body and header at the verifier: none may pass. Seeded, so a failure
// can be replayed; the HMAC here is computed independently of the node's code.
import { createHash, createHmac } from 'crypto';

import { verifySignature } from '../../nodes/InventoryProTrigger/signature';

/** A signing secret of the service's shape (64 hex digits), the same on every run. */
const SECRET = createHash('sha256').update('signature.property.test').digest('hex');
const sign = (body: Buffer, secret = SECRET) =>
	`sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;

/** mulberry32: small, seedable, good enough to pick mutations. */
function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (max: number) => Math.floor(next() * max);
	const pick = <T>(values: readonly T[]): T => values[int(values.length)];
	return { next, int, pick };
}

type Rng = ReturnType<typeof random>;

const delivery = Buffer.from(
	JSON.stringify({
		event: 'inventory.received',
		data: {
			recNo: 1042,
			shortID: 'BOLT-M8',
			wID: 1,
			units: 25,
			spot: 'A-01',
			note: 'Zoë ✓',
		},
	}),
);
const validHeader = sign(delivery);

const bodyMutations: Record<string, (body: Buffer, rng: Rng) => Buffer> = {
	flipBit: (body, rng) => {
		const copy = Buffer.from(body);
		copy[rng.int(copy.length)] ^= 1 << rng.int(8);
		return copy;
	},
	replaceByte: (body, rng) => {
		const copy = Buffer.from(body);
		copy[rng.int(copy.length)] = rng.int(256);
		return copy;
	},
	insertByte: (body, rng) => {
		const at = rng.int(body.length + 1);
		return Buffer.concat([body.subarray(0, at), Buffer.from([rng.int(256)]), body.subarray(at)]);
	},
	deleteByte: (body, rng) => {
		const at = rng.int(body.length);
		return Buffer.concat([body.subarray(0, at), body.subarray(at + 1)]);
	},
	truncate: (body, rng) => body.subarray(0, rng.int(body.length)),
	appendWhitespace: (body, rng) =>
		Buffer.concat([body, Buffer.from(rng.pick([' ', '\n', '\r\n', '\t']))]),
	reserialise: (body) => Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 2)),
	changeQuantity: (body, rng) =>
		Buffer.from(body.toString('utf8').replace('"units":25', `"units":${26 + rng.int(1000)}`)),
	otherBody: (_body, rng) =>
		Buffer.from(
			JSON.stringify({
				event: 'inventory.issued',
				data: { recNo: rng.int(100000), units: rng.int(50) },
			}),
		),
};

const HEX = '0123456789abcdef';
const headerMutations: Record<
	string,
	(header: string, rng: Rng, body: Buffer) => string | undefined | string[]
> = {
	flipHexDigit: (header, rng) => {
		const at = 7 + rng.int(64);
		const digits = HEX.replace(header[at], '');
		return header.slice(0, at) + rng.pick([...digits]) + header.slice(at + 1);
	},
	upperCase: (header, rng) =>
		rng.int(2) === 0 ? header.toUpperCase() : `sha256=${header.slice(7).toUpperCase()}`,
	dropPrefix: (header) => header.slice(7),
	otherPrefix: (header, rng) =>
		rng.pick(['sha1=', 'sha512=', 'SHA256=', 'sha256:', 'sha256 =', 'v1=']) + header.slice(7),
	truncateDigest: (header, rng) => header.slice(0, 7 + rng.int(64)),
	extendDigest: (header, rng) => header + rng.pick([...HEX]),
	surroundWhitespace: (header, rng) =>
		rng.pick([` ${header}`, `${header} `, `${header}\n`, `\t${header}`]),
	duplicated: (header, rng) => rng.pick([`${header}, ${header}`, `${header},${header}`]),
	asArray: (header) => [header],
	missing: () => undefined,
	empty: () => '',
	base64Digest: (header) => `sha256=${Buffer.from(header.slice(7), 'hex').toString('base64')}`,
	wrongSecret: (_header, rng, body) =>
		sign(body, `${SECRET.slice(0, 63)}${rng.pick(['0', '1', 'x'])}`),
	secretAsHex: (_header, _rng, body) =>
		`sha256=${createHmac('sha256', Buffer.from(SECRET, 'hex')).update(body).digest('hex')}`,
	randomDigest: (_header, rng) =>
		`sha256=${Array.from({ length: 64 }, () => rng.pick([...HEX])).join('')}`,
	signatureOfOtherBody: (_header, rng) =>
		sign(Buffer.from(`{"event":"item.created","data":{"partNo":${rng.int(1e6)}}}`)),
};

describe('verifySignature under random mutation', () => {
	it('accepts the untouched delivery (control)', () => {
		expect(verifySignature(delivery, validHeader, SECRET)).toBe(true);
	});

	it('accepts none of 3,000 mutated deliveries', () => {
		const seed = 20260105;
		const rng = random(seed);
		const bodyKinds = Object.keys(bodyMutations);
		const headerKinds = Object.keys(headerMutations);
		const tried: Record<string, number> = {};
		const accepted: string[] = [];
		let total = 0;

		while (total < 3000) {
			// A third mutate the body only (original header: a replay with another body), a third
			// the header only, a third both.
			const shape = rng.int(3);
			let body: Buffer = delivery;
			let header: string | string[] | undefined = validHeader;
			const kinds: string[] = [];
			if (shape !== 1) {
				const kind = rng.pick(bodyKinds);
				body = bodyMutations[kind](delivery, rng);
				kinds.push(`body:${kind}`);
			}
			if (shape !== 0) {
				const kind = rng.pick(headerKinds);
				header = headerMutations[kind](validHeader, rng, body);
				kinds.push(`header:${kind}`);
			}
			// Only real mutations count: the pair must differ from the genuine one.
			if (body.equals(delivery) && header === validHeader) continue;
			total++;
			for (const kind of kinds) tried[kind] = (tried[kind] ?? 0) + 1;
			if (verifySignature(body, header, SECRET)) accepted.push(`${kinds.join('+')} #${total}`);
		}

		// Every mutation kind was exercised, many times over.
		for (const kind of [
			...bodyKinds.map((k) => `body:${k}`),
			...headerKinds.map((k) => `header:${k}`),
		]) {
			expect(tried[kind]).toBeGreaterThan(40);
		}
		expect({ seed, total, accepted }).toEqual({ seed, total: 3000, accepted: [] });
	});
});
