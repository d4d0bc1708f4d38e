/** The sandbox's API clients (integration users): demo accounts, rotation and disabling. */
import { ROUTES, type RouteSpec } from './routes';
import type { ClientConfig } from './types';

const rows: RouteSpec[] = Object.values(ROUTES);
const securityIds = (filter: (e: RouteSpec) => boolean) =>
	[
		...new Set(
			rows.filter(filter).flatMap((e) => (typeof e.permission === 'number' ? [e.permission] : [])),
		),
	].sort((a, b) => a - b);

/** Every Security ID the endpoint table uses. */
export const ALL_SECURITY_IDS = securityIds(() => true);
/** Security IDs of the read endpoints (370 included: webhooks use one ID for everything). */
export const READ_SECURITY_IDS = securityIds((e) => !e.write);

export const DEMO_SECRET = 'inventory-pro-demo-secret';

/**
 * Accounts every sandbox starts with (unless `clients` is given):
 * - demo: every Security ID, all warehouses and reports. The one to use by hand.
 * - readonly: every read Security ID, readOnly: any POST/PUT/DELETE gets 403 "Account is read-only.".
 * - scoped: every Security ID, writes limited to warehouse 1.
 * - limited: every Security ID except 370 (webhooks), 116 (item writes) and 130 (customer reads).
 * - reports: every Security ID, but rights to report 1 (Stock Valuation) only.
 */
export const DEMO_CLIENTS: readonly ClientConfig[] = [
	{ clientId: 'demo', clientSecret: DEMO_SECRET, securityIds: ALL_SECURITY_IDS },
	{
		clientId: 'readonly',
		clientSecret: 'readonly-secret',
		securityIds: READ_SECURITY_IDS,
		readOnly: true,
	},
	{
		clientId: 'scoped',
		clientSecret: 'scoped-secret',
		securityIds: ALL_SECURITY_IDS,
		warehouses: [1],
	},
	{
		clientId: 'limited',
		clientSecret: 'limited-secret',
		securityIds: ALL_SECURITY_IDS.filter((id) => ![370, 116, 130].includes(id)),
	},
	{
		clientId: 'reports',
		clientSecret: 'reports-secret',
		securityIds: ALL_SECURITY_IDS,
		reports: [1],
	},
];

/** The account `npm run sandbox` and `npm run demo` print. */
export const DEMO_CLIENT: ClientConfig = DEMO_CLIENTS[0];

/** How long tokens of a disabled account keep working (spec: account-disable cache window). */
export const DISABLE_GRACE_MS = 60_000;

interface ClientState {
	config: ClientConfig;
	/** Clock time the account was disabled; tokens die DISABLE_GRACE_MS later. */
	disabledAt?: number;
}

export class ClientRegistry {
	private readonly clients = new Map<string, ClientState>();

	constructor(clients: readonly ClientConfig[]) {
		clients.forEach((client) => this.add(client));
	}

	add(client: ClientConfig): void {
		if (this.clients.has(client.clientId))
			throw new Error(`Client "${client.clientId}" already exists`);
		const config = { ...client, securityIds: [...client.securityIds] };
		// Disabled from the start: no grace period for tokens (there are none).
		this.clients.set(client.clientId, {
			config,
			disabledAt: client.disabled ? -Infinity : undefined,
		});
	}

	get(clientId: string): ClientConfig | undefined {
		return this.clients.get(clientId)?.config;
	}

	list(): ClientConfig[] {
		return [...this.clients.values()].map((state) => state.config);
	}

	/** The new secret gets tokens from now on; tokens already issued keep working until they expire. */
	rotateSecret(clientId: string, newSecret: string): void {
		this.state(clientId).config.clientSecret = newSecret;
	}

	disable(clientId: string, now: number): void {
		const state = this.state(clientId);
		if (state.config.disabled) return;
		state.config.disabled = true;
		state.disabledAt = now;
	}

	/** Whether tokens of this client still work at `now`. */
	tokensValid(clientId: string, now: number): boolean {
		const state = this.clients.get(clientId);
		if (!state) return false;
		return state.disabledAt === undefined || now < state.disabledAt + DISABLE_GRACE_MS;
	}

	private state(clientId: string): ClientState {
		const state = this.clients.get(clientId);
		if (!state) throw new Error(`Unknown client "${clientId}"`);
		return state;
	}
}
