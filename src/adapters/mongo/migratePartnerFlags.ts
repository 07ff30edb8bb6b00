// The MongoDB side of the partner-flag migration (the SQLite side is a migration step in
// adapters/sqlite/store/partnerAgreementRepository.ts, with the same result): each account still
// holding the old `partner` field gets, if it was true, an open-ended agreement for both areas
// (platform `other`, named after the account, from the day the account was created), and loses
// the field. Runs at every start but only finds accounts not migrated yet; the agreement's id
// comes from the account's (pag_ + its random part), so two processes starting together, or a
// run cut short, write the same agreement once ($setOnInsert) and never a second one.
import type { Model } from 'mongoose';
import { MIGRATED_FLAG_NOTE } from '../../domain/partnerAgreement';
import type { AccountDoc } from './schemas/accountSchema';
import type { PartnerAgreementDoc } from './schemas/partnerAgreementSchema';

interface FlaggedAccount {
  _id: string;
  name: string;
  createdAt: string;
  partner: unknown;
}

export async function migratePartnerFlags(models: { accounts: Model<AccountDoc>; partnerAgreements: Model<PartnerAgreementDoc> }, now: () => Date = () => new Date()): Promise<number> {
  // The driver types a projection's documents by the type argument: the fields projected below.
  const flagged = await models.accounts.collection
    .find<FlaggedAccount>({ partner: { $exists: true } }, { projection: { _id: 1, name: 1, createdAt: 1, partner: 1 } })
    .toArray();
  let created = 0;
  for (const account of flagged) {
    if (account.partner === true) {
      const at = now().toISOString();
      const id = `pag_${account._id.slice(5)}`;
      const doc: Omit<PartnerAgreementDoc, '_id'> = {
        accountId: account._id,
        partnerName: account.name,
        platform: 'other',
        areas: ['partner_search', 'event_ingestion'],
        startDate: account.createdAt.slice(0, 10),
        status: 'active',
        note: MIGRATED_FLAG_NOTE,
        createdAt: at,
        updatedAt: at,
      };
      const result = await models.partnerAgreements.collection.updateOne({ _id: id as never }, { $setOnInsert: doc }, { upsert: true });
      created += result.upsertedCount;
    }
    // The agreement first, then the flag: a run cut in between finds the flag again next time.
    await models.accounts.collection.updateOne({ _id: account._id as never }, { $unset: { partner: '' } });
  }
  return created;
}
