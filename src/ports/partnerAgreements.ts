// Partnership agreements in the store. Adapters: adapters/sqlite/store and
// adapters/mongo; contract: test/contract/store/partnerAgreements.contract.ts.
import type { AgreementStatus, PartnerAgreement } from '../domain/partnerAgreement';
import type { ListPage, ListPageOptions } from '../domain/listPage';

export type PartnerAgreementPatch = Partial<Pick<PartnerAgreement, 'partnerName' | 'platform' | 'areas' | 'startDate' | 'status'>> & {
  /** null: open-ended (or no note). */
  endDate?: string | null;
  note?: string | null;
};

export interface PartnerAgreementFilter {
  accountId?: string;
  status?: AgreementStatus;
}

export interface PartnerAgreementRepository {
  create(agreement: PartnerAgreement): Promise<PartnerAgreement>;
  get(id: string): Promise<PartnerAgreement | null>;
  /** Every agreement of one account, oldest first: what an access decision reads. */
  listByAccount(accountId: string): Promise<PartnerAgreement[]>;
  /** Oldest first by (createdAt, id), keyset-paged; total counts the filter's matches. */
  page(filter: PartnerAgreementFilter, options: ListPageOptions): Promise<ListPage<PartnerAgreement>>;
  /**
   * Applies the patch (and updatedAt) atomically, only while the stored status is one of
   * `fromStatuses`: two admins cannot, say, resume an agreement the other just terminated.
   * null when the agreement is unknown or its status is not one of them.
   */
  update(id: string, patch: PartnerAgreementPatch, at: string, fromStatuses: readonly AgreementStatus[]): Promise<PartnerAgreement | null>;
}
