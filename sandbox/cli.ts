/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * `npm run sandbox`: the sandbox on a fixed port for trying the node by hand.
 *
 *   node .build/sandbox/cli.js [--port 8443] [--host 127.0.0.1] [--items 1050] [--rate-limit 100]
 *                              [--latency 0] [--no-trust-self-signed]
 *
 * Webhook deliveries trust self-signed receivers by default here (a local n8n usually has one);
 * --no-trust-self-signed turns that off. Ctrl-C stops it.
 */
import { DEMO_CLIENT, DEMO_CLIENTS, startSandbox } from './index';

interface CliOptions {
	port: number;
	host: string;
	items?: number;
	rateLimit?: number;
	latency?: number;
	trustSelfSigned: boolean;
}

const USAGE =
	'usage: cli.js [--port 8443] [--host 127.0.0.1] [--items N] [--rate-limit N] [--latency MS] [--no-trust-self-signed]';

function parseArgs(argv: string[]): CliOptions {
	const options: CliOptions = { port: 8443, host: '127.0.0.1', trustSelfSigned: true };
	const number = (flag: string, value: string | undefined) => {
		const parsed = Number(value);
		if (value === undefined || !Number.isInteger(parsed) || parsed < 0)
			throw new Error(`${flag} needs a whole number\n${USAGE}`);
		return parsed;
	};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const [name, inline] = flag.split('=', 2);
		const value = () => inline ?? argv[++i];
		switch (name) {
			case '--port':
				options.port = number(name, value());
				break;
			case '--host':
				options.host = value() ?? options.host;
				break;
			case '--items':
				options.items = number(name, value());
				break;
			case '--rate-limit':
				options.rateLimit = number(name, value());
				break;
			case '--latency':
				options.latency = number(name, value());
				break;
			case '--no-trust-self-signed':
				options.trustSelfSigned = false;
				break;
			case '--help':
			case '-h':
				process.stdout.write(`${USAGE}\n`);
				process.exit(0);
				break;
			default:
				throw new Error(`unknown option ${flag}\n${USAGE}`);
		}
	}
	return options;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox({
		port: options.port,
		host: options.host,
		seed: options.items === undefined ? undefined : { items: options.items },
		rateLimitPerMinute: options.rateLimit,
		latencyMs: options.latency,
		trustSelfSigned: options.trustSelfSigned,
	});
	const { clientId, clientSecret } = DEMO_CLIENT;
	const counts = sandbox.store.counts();
	process.stdout.write(`Inventory Pro sandbox listening on ${sandbox.baseUrl}
  data:         ${counts.items} items, ${counts.stock} stock lots, ${counts.customers} customers, ${counts.purchaseOrders} purchase orders
  client id:    ${clientId}
  secret:       ${clientSecret}
  other logins: ${DEMO_CLIENTS.slice(1)
		.map((c) => `${c.clientId}/${c.clientSecret}`)
		.join(', ')} (see sandbox/README.md)
  webhooks:     ${options.trustSelfSigned ? 'deliveries trust self-signed receivers' : 'deliveries need a trusted certificate'}

Try it (the certificate is self-signed, hence -k):
  TOKEN=$(curl -sk ${sandbox.baseUrl}/Token -d grant_type=client_credentials -d client_id=${clientId} -d client_secret=${clientSecret} | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')
  curl -sk -H "Authorization: Bearer $TOKEN" "${sandbox.baseUrl}/Item?page=1&pageSize=5"

Ctrl-C stops it.
`);

	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		process.stdout.write('\nstopping the sandbox ...\n');
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
