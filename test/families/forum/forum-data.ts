/** The synthetic Reddit builders live with the demo (src/demo), so the demo and the tests share them. */
export { listing, postsByAuthors, t3, userAbout, type SyntheticPost } from '../../../src/families/forum/demo/reddit-things.js';
