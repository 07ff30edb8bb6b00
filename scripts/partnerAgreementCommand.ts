// The partner-agreement command line, as a function of its arguments so that it can be
// tested without a process: the same validation (the HTTP schemas) and the same service as
// /v1/admin/partner-agreements. scripts/partnerAgreement.ts runs it against the configured store.
import { parseArgs } from 'node:util';
import { utcDay } from '../src/domain/partnerAgreement';
import { assertValid } from '../src/schemas/check';
import type { Store } from '../src/ports/store';
import { createPartnerAgreementBodySchema, listPartnerAgreementsQuerySchema, updatePartnerAgreementBodySchema } from '../src/schemas/endpoints/partnerAgreements';
import { createPlatformRegistry } from '../src/services/analytics/platformRegistry';
import { createPartnerAgreementService, type PresentedAgreement } from '../src/services/partners/partnerAgreementService';

export const USAGE = `Usage: npm run partner:agreement -- <command> [options]
  create    --account <acct_... | email> --name <partner name> --platform <name> --areas partner_search,event_ingestion
            [--start YYYY-MM-DD (default today, UTC)] [--end YYYY-MM-DD] [--note <text>]
  list      [--account <acct_... | email>] [--status active|suspended|terminated]
  show      --id <pag_...>
  suspend   --id <pag_...>       resume --id <pag_...>       terminate --id <pag_...> (final)
  update    --id <pag_...> [--name ..] [--platform ..] [--areas ..] [--start ..] [--end YYYY-MM-DD | --end none] [--note ..]`;

const OPTIONS = {
  id: { type: 'string' },
  account: { type: 'string' },
  name: { type: 'string' },
  platform: { type: 'string' },
  areas: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  note: { type: 'string' },
  status: { type: 'string' },
} as const;

export class UsageError extends Error {}

function describe(agreement: PresentedAgreement): string {
  const until = agreement.endDate ?? 'open-ended';
  return `${agreement.id}  ${agreement.state.padEnd(10)} ${agreement.partnerName} (${agreement.platform}) account ${agreement.accountId}  ${agreement.areas.join(',')}  ${agreement.startDate} .. ${until}`;
}

/** Runs one command; returns the lines it prints. Errors (bad input, unknown ids) are thrown. */
export async function runPartnerAgreementCommand(argv: string[], deps: { store: Store; clock?: () => Date }): Promise<string[]> {
  const clock = deps.clock ?? (() => new Date());
  const { positionals, values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [command] = positionals;
  const platforms = createPlatformRegistry({ store: deps.store, clock });
  const agreements = createPartnerAgreementService({ store: deps.store, isKnownPlatform: platforms.isKnown, clock });
  const needId = () => {
    if (!values.id) throw new UsageError(`${command} needs --id <pag_...>`);
    return values.id;
  };
  /** --account takes an id or the account's e-mail address. */
  const accountId = async (given: string) => (given.includes('@') ? (await deps.store.accounts.findByEmail(given))?.id ?? given : given);
  const areas = values.areas?.split(',').map((area) => area.trim()).filter(Boolean);

  switch (command) {
    case 'create': {
      if (!values.account || !values.name || !values.platform || !areas) throw new UsageError('create needs --account, --name, --platform and --areas');
      const input = assertValid<Parameters<typeof agreements.create>[0]>(createPartnerAgreementBodySchema, {
        accountId: await accountId(values.account),
        partnerName: values.name,
        platform: values.platform,
        areas,
        startDate: values.start ?? utcDay(clock()),
        ...(values.end !== undefined && { endDate: values.end }),
        ...(values.note !== undefined && { note: values.note }),
      });
      return [`Created ${describe(await agreements.create(input))}`];
    }
    case 'list': {
      const query = assertValid<{ limit: number; accountId?: string; status?: 'active' | 'suspended' | 'terminated' }>(listPartnerAgreementsQuerySchema, {
        limit: 100,
        ...(values.account && { accountId: await accountId(values.account) }),
        ...(values.status && { status: values.status }),
      });
      const lines: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await agreements.list({ ...query, ...(cursor && { cursor }) });
        lines.push(...page.agreements.map(describe));
        cursor = page.pagination.nextCursor;
      } while (cursor);
      return lines.length > 0 ? lines : ['No partner agreements'];
    }
    case 'show':
      return [describe(await agreements.get(needId()))];
    case 'suspend':
    case 'resume':
    case 'terminate': {
      const status = { suspend: 'suspended', resume: 'active', terminate: 'terminated' }[command];
      return [`Updated ${describe(await agreements.update(needId(), { status: status as 'active' }))}`];
    }
    case 'update': {
      const id = needId();
      const patch = assertValid<Parameters<typeof agreements.update>[1]>(updatePartnerAgreementBodySchema, {
        ...(values.name !== undefined && { partnerName: values.name }),
        ...(values.platform !== undefined && { platform: values.platform }),
        ...(areas && { areas }),
        ...(values.start !== undefined && { startDate: values.start }),
        ...(values.end !== undefined && { endDate: values.end === 'none' ? null : values.end }),
        ...(values.note !== undefined && { note: values.note }),
      });
      return [`Updated ${describe(await agreements.update(id, patch))}`];
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
  }
}
