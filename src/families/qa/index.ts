import { defineFamily } from '../../catalogue/family.js';
import { KEY_SETTING, QA_HOSTS } from './constants.js';
import { qaQuestionAnswersEndpoint } from './endpoints/question-answers.js';
import { qaQuestionEndpoint } from './endpoints/question.js';
import { qaQuestionsEndpoint } from './endpoints/questions.js';
import { qaSearchEndpoint } from './endpoints/search.js';
import { qaUserAnswersEndpoint, qaUserQuestionsEndpoint } from './endpoints/user-posts.js';
import { qaUserEndpoint } from './endpoints/user.js';
import { qaEdges } from './graph.js';
import { qaRefetch } from './refetch.js';
import { registrationKey } from './settings.js';
import { keyedUpstream } from './upstream/api.js';
import { qaBudgetScopes, readQaBudget } from './upstream/quota.js';
import { qaUrlForms } from './url-forms.js';

/**
 * The qa family: the Stack Exchange network (Stack Overflow and its sister sites) through its
 * public API, anonymously; an optional registration key raises the daily quota, never a login.
 * The daily quota and the per-method back-off are read from every answer's body and held across
 * processes.
 */
export const qaFamily = defineFamily({
  name: 'qa',
  hosts: QA_HOSTS,
  readBudget: readQaBudget,
  budgetScopes: qaBudgetScopes,
  settings: {
    [KEY_SETTING]: registrationKey,
  },
  bindUpstream: (upstream, settings) => keyedUpstream(upstream, settings[KEY_SETTING] as string | undefined),
  endpoints: [
    qaQuestionEndpoint,
    qaQuestionAnswersEndpoint,
    qaQuestionsEndpoint,
    qaSearchEndpoint,
    qaUserEndpoint,
    qaUserQuestionsEndpoint,
    qaUserAnswersEndpoint,
  ],
  urlForms: qaUrlForms,
  edges: qaEdges,
  refetch: qaRefetch,
  demo: async () => (await import('./demo/world.js')).qaDemo,
});
