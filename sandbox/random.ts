/** A small seeded PRNG (mulberry32): the same seed gives the same sandbox data on every run. */
export class Random {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(list: readonly T[]): T {
		return list[Math.floor(this.next() * list.length)];
	}

	/** A money amount with two decimals in [min, max]. */
	money(min: number, max: number): number {
		return Math.round((min + this.next() * (max - min)) * 100) / 100;
	}

	/** A time in [fromMs, toMs], whole seconds. */
	time(fromMs: number, toMs: number): number {
		return Math.floor((fromMs + this.next() * (toMs - fromMs)) / 1000) * 1000;
	}
}
