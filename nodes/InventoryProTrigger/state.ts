/**
 * What the trigger remembers, and where.
 *
 * Durable: the workflow's static data (n8n saves it after activation, after every webhook() call that
 * changed it, and when a poll emits). Several copies of it live at once: n8n builds the workflow afresh
 * from its database for each delivery, while the poller keeps the copy it loaded at activation and
 * writes that whole copy back when it emits. So each path merges its copy with the newest state this
 * process knows (kept in memory here) before it decides anything, and writes the merge back.
 * Never a secret: static data is exported with the workflow.
 */
import type { IDataObject } from 'n8n-workflow';

/** A stretch of service time in which the subscription delivered nothing (disabled or missing). */
export interface Gap extends IDataObject {
	/** Service timestamps (ISO); records modified in [from, to] are checked for missed events. */
	from: string;
	to: string;
}

export interface TriggerState extends IDataObject {
	/** The subscription (spec: rec) and a one-way digest of what was last sent for it. */
	rec?: number;
	fingerprint?: string;
	/** n8n's webhook URL at the last activation (the poller has no other way to know it). */
	url?: string;
	/** Delivery-log position: entries of subscription `logOf` with a higher rec are still to be examined. */
	logOf?: number;
	logAfter?: number;
	/** Log entries created up to this service time are final: the subscription was disabled, retries dropped. */
	finalUntil?: string;
	/** Outages still to be caught up from the lists. */
	gaps?: Gap[];
	/** Delivery and event keys already run (value: when, n8n's clock), so nothing runs twice. */
	seen?: Record<string, number>;
	/** When a check last found the subscription delivering (n8n's clock, ms). */
	healthyAt?: number;
	/** Bumped on every write; the higher one wins a merge. */
	rev?: number;
}

/** How long and how many keys are remembered. A repeat after that runs again (the README says so). */
export const SEEN_DAYS = 7;
export const SEEN_MAX = 5000;
const DAY_MS = 86_400_000;

function plain(value: unknown): TriggerState {
	return JSON.parse(JSON.stringify(value ?? {})) as TriggerState;
}

/** Drops keys older than SEEN_DAYS and the oldest beyond SEEN_MAX. */
export function pruneSeen(seen: Record<string, number>, now: number): Record<string, number> {
	const fresh = Object.entries(seen).filter(([, at]) => now - at < SEEN_DAYS * DAY_MS);
	fresh.sort((a, b) => b[1] - a[1]);
	return Object.fromEntries(fresh.slice(0, SEEN_MAX));
}

/** The newer copy's fields, and the union of both copies' seen keys. */
export function mergeStates(a: TriggerState, b: TriggerState, now: number): TriggerState {
	const newer = (b.rev ?? 0) >= (a.rev ?? 0) ? b : a;
	const older = newer === b ? a : b;
	const seen: Record<string, number> = { ...(older.seen ?? {}) };
	for (const [key, at] of Object.entries(newer.seen ?? {})) seen[key] = Math.max(seen[key] ?? 0, at);
	return { ...plain(newer), seen: pruneSeen(seen, now) };
}

/** What this process knows about one trigger node beyond its static data. Lost on restart, by design. */
export interface Live {
	state: TriggerState;
	/** When checkExists/create/delete last ran here: an activation is under way. */
	hookAt?: number;
	/** When poll() first ran here, and when it last checked the subscription. */
	firstPollAt?: number;
	lastCheckAt?: number;
	/** Consecutive failed checks, and the last problem reported (reported once, not every interval). */
	failures: number;
	told?: string;
	/** Signing secrets this process verified with: the previous one still verifies until the re-key. */
	secret?: string;
	previousSecret?: string;
	/** The editor's test event, handed from webhook() to the poll() n8n runs right after it. */
	testItems?: { at: number; items: IDataObject[] };
}

const lives = new Map<string, Live>();

/** n8n's clock as the trigger reads it (tests move it with the sandbox's clock). */
export const clock = { now: (): number => Date.now() };

/** One entry per workflow, node and kind: the editor's test registration keeps apart from the live one. */
export function liveKey(
	context: { getWorkflow(): { id?: string }; getNode(): { name: string }; getMode(): string },
	kind: 'test' | 'live' = context.getMode() === 'manual' ? 'test' : 'live',
): string {
	return `${context.getWorkflow().id ?? ''}\n${context.getNode().name}\n${kind}`;
}

export function live(key: string): Live {
	let entry = lives.get(key);
	if (!entry) lives.set(key, (entry = { state: {}, failures: 0 }));
	return entry;
}

export function forgetLive(key: string): void {
	lives.delete(key);
}

/** The entry if this process has one (unlike live(), creates nothing). */
export function knownLive(key: string): Live | undefined {
	return lives.get(key);
}

/** The state to act on: the static data merged with what this process knows. */
export function readState(staticData: IDataObject, entry: Live, now: number): TriggerState {
	return mergeStates(plain(staticData), entry.state, now);
}

/**
 * Writes `next` into the static data object n8n will save (top-level keys assigned, so n8n notices)
 * and into this process's memory.
 */
export function writeState(staticData: IDataObject, entry: Live, next: TriggerState, now: number): void {
	const value = { ...plain(next), seen: pruneSeen(next.seen ?? {}, now), rev: Math.max(next.rev ?? 0, entry.state.rev ?? 0) + 1 };
	for (const key of Object.keys(staticData)) if (!(key in value)) delete staticData[key];
	for (const [key, field] of Object.entries(value)) if (field !== undefined) staticData[key] = field;
	entry.state = plain(value);
}
