import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { GraphQLSchema } from 'graphql';
import { checkPersistedDocuments } from '../frontends/document-registration.js';
import { normaliseDocumentId } from '../frontends/document-id.js';
import { frontendStoreOf } from '../frontends/index.js';
import type { StateAdapters } from '../state/ports.js';
import { UsageError } from './usage-error.js';

export const DOCUMENTS_USAGE = `Usage: npm run documents -- <command>
  add --account <accountId> FILE         registers the trusted documents of a graphql-codegen client-preset
                                         persisted-documents.json ({"<sha256 hex>": "<document>"}); all or nothing
  list --account <accountId>             the account's trusted document ids
  remove --account <accountId> <id>      removes one (sha256:<hex> or hex)`;

export type DocumentsCommand =
  | { name: 'add'; accountId: string; file: string }
  | { name: 'list'; accountId: string }
  | { name: 'remove'; accountId: string; id: string };

/** Reads a command line (the words after `npm run documents --`). */
export function parseDocumentsCommand(argv: string[]): DocumentsCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { account: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${DOCUMENTS_USAGE}`);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError(DOCUMENTS_USAGE);
  if (!values.account || !/^acct_[0-9a-f]{16}$/.test(values.account))
    throw new UsageError(`--account <accountId> is needed (acct_ and 16 hex digits).\n${DOCUMENTS_USAGE}`);
  const accountId = values.account;
  const one = () => {
    if (rest.length !== 1) throw new UsageError(`${name} takes one argument.\n${DOCUMENTS_USAGE}`);
    return rest[0]!;
  };
  switch (name) {
    case 'add':
      return { name, accountId, file: one() };
    case 'list':
      if (rest.length !== 0) throw new UsageError(`list takes no argument.\n${DOCUMENTS_USAGE}`);
      return { name, accountId };
    case 'remove':
      return { name, accountId, id: one() };
    default:
      throw new UsageError(`Unknown command "${name}".\n${DOCUMENTS_USAGE}`);
  }
}

/** Runs a documents command against the state; `schema` is the gateway's, which documents are checked against. */
export async function runDocumentsCommand(command: DocumentsCommand, state: StateAdapters, schema: GraphQLSchema): Promise<string[]> {
  const store = frontendStoreOf(state);
  if (!(await state.keys.get(command.accountId)))
    throw new UsageError(`No account ${command.accountId}; \`npm run keys -- list\` shows them.`);
  switch (command.name) {
    case 'add': {
      const text = await readFile(command.file, 'utf8').catch((error: unknown) => {
        throw new UsageError(`Cannot read ${command.file}: ${error instanceof Error ? error.message : String(error)}`);
      });
      const checked = checkPersistedDocuments(schema, text);
      if (checked.refused.length > 0)
        throw new UsageError(
          [
            `Registered nothing: ${checked.refused.length} entr${checked.refused.length === 1 ? 'y' : 'ies'} refused.`,
            ...checked.refused.map((each) => `  ${each.id}: ${each.reason}`),
          ].join('\n'),
        );
      await store.addDocuments(command.accountId, checked.accepted);
      return [`Registered ${checked.accepted.size} trusted document(s) for ${command.accountId}.`];
    }
    case 'list': {
      const ids = await store.documentIds(command.accountId);
      return ids.length === 0 ? [`No trusted documents for ${command.accountId}.`] : ids.map((id) => `sha256:${id}`);
    }
    case 'remove': {
      const hash = normaliseDocumentId(command.id);
      if (!hash || !(await store.removeDocument(command.accountId, hash)))
        throw new UsageError(`No trusted document ${command.id} for ${command.accountId}.`);
      return [`Removed sha256:${hash}.`];
    }
  }
}
