// Runs the loopback Stripe fake (backend/test/stripe-fake.ts, compiled by scripts/e2e.mjs) for browser tests:
// node stripe-fake-server.cjs <port> <appUrl> <secretKey> <webhookSecret>
const { join } = require('node:path');
const { StripeFake } = require(join(__dirname, '..', 'artifacts', 'e2e-build', 'stripe-fake.js'));

const [port, appUrl, secretKey, webhookSecret] = process.argv.slice(2);
new StripeFake({ port: Number(port), appUrl, secretKey, webhookSecret }).start().then((fake) => {
  console.log(`stripe fake listening on ${fake.url}`);
});
process.on('SIGTERM', () => process.exit(0));
