import { codeFamily } from '../families/code/index.js';
import { forumFamily } from '../families/forum/index.js';
import { inferenceFamily } from '../families/inference/index.js';
import { realtyFamily } from '../families/realty/index.js';
import { buildCatalogue } from './catalogue.js';

/** Every family this gateway serves. Adding a family is one import and one entry here. */
export const catalogue = buildCatalogue([forumFamily, realtyFamily, inferenceFamily, codeFamily]);
