import type { PageShape } from './paging.js';

interface ArgumentBuilder {
  arg: { int: (options: object) => unknown; string: (options: object) => unknown };
}

/** The Relay spellings of a list field's page size and start: `first` and `after`. */
export function relayArguments(t: ArgumentBuilder, shape: Pick<PageShape, 'maxSize' | 'sizeParameter' | 'cursorParameter'>) {
  const size = shape.sizeParameter ? 'the Relay spelling of `limit`; give one of the two' : 'the upstream page cut to it';
  const start = shape.cursorParameter ? "an edge's `cursor` or a `pagination.cursor`" : "an edge's `cursor`";
  return {
    first: t.arg.int({ required: false, description: `Items on the page, 1 to ${shape.maxSize} (${size}).` }),
    after: t.arg.string({
      required: false,
      description: `Start the page right after this place: ${start} of this list. Opaque; a malformed one is refused (invalid_request).`,
    }),
  };
}
