// Partnership agreements from the command line, on the store the server is configured
// with (DATA_DIR or MONGODB_URI):
//   npm run partner:agreement -- create --account partner@example.com --name "Answer Engine" \
//     --platform perplexity --areas partner_search,event_ingestion --start 2026-01-01 --end 2026-12-31
//   npm run partner:agreement -- list | show --id pag_... | suspend --id pag_... | resume | terminate | update
import { loadConfig } from '../src/config';
import { DomainError } from '../src/domain/errors';
import { openStore } from '../src/runtime/openStore';
import { runPartnerAgreementCommand, USAGE, UsageError } from './partnerAgreementCommand';

async function main(): Promise<void> {
  const store = await openStore(loadConfig());
  try {
    for (const line of await runPartnerAgreementCommand(process.argv.slice(2), { store })) console.log(line);
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  const detail = error instanceof DomainError && error.details?.field ? ` (${error.details.field}: ${error.details.issue})` : '';
  console.error(`partner:agreement failed: ${error.message}${detail}`);
  if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(USAGE);
  process.exit(1);
});
