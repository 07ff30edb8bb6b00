// What admins do with partnership agreements, over HTTP (/admin/partner-agreements)
// and from the command line (scripts/partnerAgreement.ts): create, list, read, change. Status moves
// active <-> suspended; any -> terminated, which is final. Dates are UTC days, the end inclusive.
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { agreementState, type AgreementState, type AgreementStatus, type PartnerAgreement } from '../../domain/partnerAgreement';
import type { PartnerAgreementFilter, PartnerAgreementPatch } from '../../ports/partnerAgreements';
import type { Store } from '../../ports/store';
import { decodeListCursor, paginationOf, type CursorPagination } from '../listCursor';

/** What an admin gives: the record's own fields; the status starts active unless given as suspended. */
export type CreateAgreementInput = Pick<PartnerAgreement, 'accountId' | 'partnerName' | 'platform' | 'areas' | 'startDate' | 'endDate' | 'note'> & {
  status?: Extract<AgreementStatus, 'active' | 'suspended'>;
};

export type UpdateAgreementInput = PartnerAgreementPatch;

/** An agreement as shown: the stored record plus its state today (in_force, scheduled, expired, suspended, terminated). */
export type PresentedAgreement = PartnerAgreement & { state: AgreementState };

const OPEN: readonly AgreementStatus[] = ['active', 'suspended'];

export function createPartnerAgreementService(deps: {
  store: Pick<Store, 'accounts' | 'partnerAgreements'>;
  /** Platform names analytics know (built-in or registered): services/analytics/platformRegistry.ts isKnown. */
  isKnownPlatform: (name: string) => Promise<boolean>;
  clock: () => Date;
}) {
  const { store, isKnownPlatform, clock } = deps;
  const present = (agreement: PartnerAgreement): PresentedAgreement => ({ ...agreement, state: agreementState(agreement, clock()) });
  const notFound = (id: string) => new NotFoundError(`Partner agreement ${id} does not exist`, 'PARTNER_AGREEMENT_NOT_FOUND');

  async function checkPlatform(platform: string | undefined): Promise<void> {
    if (platform !== undefined && !(await isKnownPlatform(platform))) {
      throw new ValidationError('platform', 'is not a known AI platform (a built-in name such as chatgpt, or one registered at /admin/analytics-platforms)');
    }
  }

  function checkDates(startDate: string, endDate: string | undefined): void {
    if (endDate !== undefined && endDate < startDate) throw new ValidationError('endDate', `must be on or after startDate (${startDate})`);
  }

  return {
    async create(input: CreateAgreementInput): Promise<PresentedAgreement> {
      if (!(await store.accounts.findById(input.accountId))) throw new ValidationError('accountId', 'no account has this id');
      await checkPlatform(input.platform);
      checkDates(input.startDate, input.endDate);
      const at = clock().toISOString();
      const agreement: PartnerAgreement = {
        id: newId('pag'),
        accountId: input.accountId,
        partnerName: input.partnerName.trim(),
        platform: input.platform,
        areas: [...new Set(input.areas)],
        startDate: input.startDate,
        ...(input.endDate !== undefined && { endDate: input.endDate }),
        status: input.status ?? 'active',
        ...(input.note !== undefined && { note: input.note }),
        createdAt: at,
        updatedAt: at,
      };
      return present(await store.partnerAgreements.create(agreement));
    },

    async list(query: PartnerAgreementFilter & { limit: number; cursor?: string }): Promise<{ agreements: PresentedAgreement[]; pagination: CursorPagination }> {
      const filter: PartnerAgreementFilter = { ...(query.accountId && { accountId: query.accountId }), ...(query.status && { status: query.status }) };
      const page = await store.partnerAgreements.page(filter, { after: decodeListCursor(query.cursor), limit: query.limit });
      return { agreements: page.items.map(present), pagination: paginationOf(page, query.limit) };
    },

    async get(id: string): Promise<PresentedAgreement> {
      const agreement = await store.partnerAgreements.get(id);
      if (!agreement) throw notFound(id);
      return present(agreement);
    },

    async update(id: string, patch: UpdateAgreementInput): Promise<PresentedAgreement> {
      const current = await store.partnerAgreements.get(id);
      if (!current) throw notFound(id);
      const terminated = () =>
        new ConflictError('PARTNER_AGREEMENT_TERMINATED', `Partner agreement ${id} was terminated and cannot change; create a new one`);
      if (current.status === 'terminated') throw terminated();
      await checkPlatform(patch.platform);
      const endDate = patch.endDate === null ? undefined : patch.endDate ?? current.endDate;
      checkDates(patch.startDate ?? current.startDate, endDate);
      const changes = { ...patch, ...(patch.partnerName !== undefined && { partnerName: patch.partnerName.trim() }), ...(patch.areas && { areas: [...new Set(patch.areas)] }) };
      const updated = await store.partnerAgreements.update(id, changes, clock().toISOString(), OPEN);
      if (updated) return present(updated);
      // Terminated (or removed) between the read and the write.
      if (await store.partnerAgreements.get(id)) throw terminated();
      throw notFound(id);
    },
  };
}

export type PartnerAgreementService = ReturnType<typeof createPartnerAgreementService>;
