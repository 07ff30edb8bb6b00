// Creates the first admin (or promotes an existing account):
//   npm run admin:create -- --email ops@example.com --password '<at least 10 chars>' --name Ops
// Uses the same store the server is configured with (DATA_DIR or MONGODB_URI).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/domain/passwordHash';
import { newId } from '../src/domain/ids';
import { openStore } from '../src/runtime/openStore';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string', default: 'Administrator' } },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error('--email is required and must be an email address');
  const config = loadConfig();
  const store = await openStore(config);
  try {
    const now = new Date().toISOString();
    const existing = await store.accounts.findByEmail(email);
    if (existing) {
      await store.accounts.update(existing.id, { role: 'admin' }, now);
      console.log(`Promoted ${email} (${existing.id}) to admin`);
      return;
    }
    const password = values.password ?? '';
    if (password.length < 10) throw new Error('--password is required for a new account and must be at least 10 characters');
    const account = await store.accounts.create({
      id: newId('acct'),
      email,
      name: values.name,
      passwordHash: await hashPassword(password),
      plan: 'enterprise',
      role: 'admin',
      suspended: false,
      createdAt: now,
      updatedAt: now,
    });
    console.log(`Created admin ${email} (${account.id})`);
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  console.error(`admin:create failed: ${error.message}`);
  process.exit(1);
});
