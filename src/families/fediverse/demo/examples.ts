import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { HOME, localId, OTHER_HOME } from './entities.js';

/** One example per fediverse endpoint, answered by the demo world (`npm run demo` prints them). */

const PHOTOS = `https://${HOME}/@alice/${localId('alice@one.example.net/photos', HOME)}`;

export const FEDIVERSE_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/fediverse/account', 'an account from @user@host', { account: `@alice@${HOME}` }),
  demoExample('/v1/fediverse/account/posts', "an account's posts and reblogs, an opted-out author's reblog withheld", {
    account: `https://${HOME}/@alice`,
    include_raw: 'true',
  }),
  demoExample('/v1/fediverse/post', 'one post with a content warning, from its URL', { url: PHOTOS }),
  demoExample('/v1/fediverse/post/replies', 'replies depth-first, an opted-out reply withheld with the one under it', { url: PHOTOS }),
  demoExample('/v1/fediverse/hashtag', "a hashtag's timeline on one instance", { instance: HOME, tag: '#maps' }),
  demoExample('/v1/fediverse/instance', 'an older instance read from its v1 document', { instance: OTHER_HOME }),
  demoExample('/v1/fediverse/search/accounts', 'account search, opted-out and undiscoverable accounts left out', {
    instance: HOME,
    query: 'example',
  }),
];
