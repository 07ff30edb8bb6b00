import type { Account } from '../../../domain/account';
import { ConflictError } from '../../../domain/errors';
import type { AccountPatch, AccountRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

const PATCHABLE: ReadonlyArray<keyof AccountPatch> = ['plan', 'role', 'suspended', 'customLimits', 'name'];

export function createAccountRepository(db: SqliteDatabase): Synchronous<AccountRepository> {
  const insert = db.prepare<[string, string, string]>('INSERT INTO accounts (id, doc, email_key) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM accounts WHERE id = ?');
  const byEmail = db.prepare<[string], DocRow>('SELECT doc FROM accounts WHERE email_key = ?');
  const write = db.prepare<[string, string]>('UPDATE accounts SET doc = ? WHERE id = ?');
  const admins = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE role = 'admin'");

  const read = (row: DocRow | undefined): Account | null => (row ? (JSON.parse(row.doc) as Account) : null);

  // Read-modify-write in one IMMEDIATE transaction: a concurrent update cannot slip in between.
  const update = db.transaction((id: string, patch: AccountPatch, at: string): Account | null => {
    const current = read(byId.get(id));
    if (!current) return null;
    const next: Account = { ...current, updatedAt: at };
    for (const field of PATCHABLE) {
      // A field given as undefined means "not given": required fields can never be erased this way.
      if (patch[field] !== undefined) Object.assign(next, { [field]: patch[field] });
    }
    // customLimits: null means "none": the record keeps no null in an optional field.
    if (patch.customLimits === null) delete next.customLimits;
    write.run(JSON.stringify(next), id);
    return next;
  });

  return {
    create(account) {
      const doc = JSON.stringify(account);
      try {
        insert.run(account.id, doc, account.email.toLowerCase());
      } catch (error) {
        if (isUniqueViolation(error, 'accounts', ['email_key'])) {
          throw new ConflictError('DUPLICATE_EMAIL', 'An account with this email already exists', { field: 'email' });
        }
        throw error;
      }
      return JSON.parse(doc) as Account;
    },
    findById(id) {
      return read(byId.get(id));
    },
    findByEmail(email) {
      return read(byEmail.get(email.toLowerCase()));
    },
    update(id, patch, at) {
      return update.immediate(id, patch, at);
    },
    countAdmins() {
      return admins.get()!.n;
    },
  };
}
