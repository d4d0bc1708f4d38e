/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The moments a kill test needs, made rather than hoped for: a workflow calls this gate (plain HTTP on
// loopback) at /start/<n> and /done/<n>, and the gate counts each call per event n and holds the calls it
// is told to until released. A held call whose connection closed (its n8n process was killed) no longer
// counts as held.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

export type Step = 'start' | 'done';

export class Gate {
	readonly calls = { start: new Map<number, number>(), done: new Map<number, number>() };
	private readonly held: Array<{ step: Step; units: number; res: ServerResponse }> = [];
	/** Which calls are held; everything else is answered at once. */
	holds: (step: Step, units: number) => boolean = () => false;
	private server!: Server;
	port = 0;

	async listen(): Promise<void> {
		this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
			const [, step, units] = /^\/(start|done)\/(\d+)$/.exec(req.url ?? '') ?? [];
			req.resume();
			if (step !== 'start' && step !== 'done') {
				res.writeHead(404).end();
				return;
			}
			const n = Number(units);
			const counts = this.calls[step];
			counts.set(n, (counts.get(n) ?? 0) + 1);
			if (this.holds(step, n)) this.held.push({ step, units: n, res });
			else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.port = (this.server.address() as AddressInfo).port;
	}

	/** The events held at `step` now, their callers still connected. */
	heldNow(step: Step): number[] {
		return this.held
			.filter((h) => h.step === step && !h.res.destroyed && !h.res.writableEnded)
			.map((h) => h.units)
			.sort((a, b) => a - b);
	}

	/** Answers the held calls `which` picks (all by default). */
	release(which: (step: Step, units: number) => boolean = () => true): void {
		for (const h of this.held.filter((held) => which(held.step, held.units))) {
			this.held.splice(this.held.indexOf(h), 1);
			if (!h.res.destroyed) h.res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		}
	}

	count(step: Step, units: number): number {
		return this.calls[step].get(units) ?? 0;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
