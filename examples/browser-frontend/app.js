/* global document, fetch, TextDecoderStream -- a page in the browser */
// The example page's logic: plain ES module JavaScript, no build step. It sends trusted document
// ids (never query text) with a publishable key, pages a Relay connection and reads @defer parts.

const config = await (await fetch('./config.json')).json();
const documents = await (await fetch('./persisted-documents.json')).json();

const status = document.getElementById('status');
const creditsLine = document.getElementById('credits');
const more = document.getElementById('more');
let creditsCharged = 0;

/** The trusted document id of an operation, as the gateway knows it: `sha256:` and the hash of its text. */
function documentId(operationName) {
  const found = Object.entries(documents).find(([, text]) => new RegExp(`^query ${operationName}\\b`).test(text));
  if (!found) throw new Error(`persisted-documents.json has no operation ${operationName}`);
  return `sha256:${found[0]}`;
}

function post(operationName, variables, accept = 'application/graphql-response+json, application/json') {
  return fetch(`${config.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, 'x-api-key': config.publishableKey },
    body: JSON.stringify({ documentId: documentId(operationName), variables }),
  });
}

/** The credits a response cost, from the header the gateway exposes to allowed origins. */
const countCredits = (response) => addCredits(Number(response.headers.get('x-credits-charged') ?? 0));

function addCredits(credits) {
  creditsCharged += credits;
  creditsLine.textContent = `Credits charged so far: ${creditsCharged}`;
  creditsLine.dataset.charged = String(creditsCharged);
}

function fail(error) {
  status.textContent = `Failed: ${error.message ?? error}`;
  status.className = 'error';
}

const errorOf = (body) => new Error(body.errors?.[0]?.message ?? 'no data');

// Relay connection: each page starts after the previous page's endCursor.
let endCursor = null;
async function nextPage() {
  more.disabled = true;
  const response = await post('ExampleSubredditPage', { subreddit: config.subreddit, first: 3, after: endCursor });
  countCredits(response);
  const body = await response.json();
  if (!body.data) throw errorOf(body);
  const { edges, pageInfo } = body.data.forumSubreddit;
  for (const edge of edges) {
    const item = document.createElement('li');
    item.textContent = `${edge.node.title} (${edge.node.likeCount ?? '?'} points)`;
    document.getElementById('posts').append(item);
  }
  endCursor = pageInfo.endCursor;
  more.disabled = !pageInfo.hasNextPage;
  more.textContent = pageInfo.hasNextPage ? 'Next page' : 'No more pages';
}

/** The JSON parts of a multipart/mixed body that have arrived whole (a part is whole once the next delimiter follows it). */
function wholeParts(text, boundary) {
  const chunks = `\r\n${text}`.split(`\r\n--${boundary}`);
  chunks.pop();
  return chunks
    .map((chunk) => chunk.slice(chunk.indexOf('\r\n\r\n') + 4).trim())
    .filter((body) => body.startsWith('{'))
    .map((body) => JSON.parse(body));
}

// @defer: the titles come in the first part; each post's author when its part arrives.
async function deferredAuthors() {
  const response = await post('ExampleDeferredAuthors', { subreddit: config.subreddit }, 'multipart/mixed, application/json');
  const boundary = /boundary="?([^";]+)"?/.exec(response.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw errorOf(await response.json());
  const list = document.getElementById('deferred');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let rendered = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const parts = wholeParts(text, boundary);
    for (const part of parts.slice(rendered)) render(list, part);
    rendered = parts.length;
  }
}

function render(list, part) {
  if (part.data) {
    for (const edge of part.data.forumSubreddit.edges) {
      const item = document.createElement('li');
      item.textContent = edge.node.title;
      item.append(Object.assign(document.createElement('span'), { className: 'muted author', textContent: ' by …' }));
      list.append(item);
    }
  }
  for (const increment of part.incremental ?? []) {
    // path: ["forumSubreddit", "edges", <index>, "node"]
    const item = list.children[increment.path[2]];
    const handle = increment.data?.author?.handle;
    if (item) item.querySelector('.author').textContent = handle ? ` by u/${handle}` : ' by [deleted]';
  }
  if (part.errors) fail(errorOf(part));
  // The billing of an answer in parts comes with its last part.
  if (part.extensions?.billing) addCredits(part.extensions.billing.creditsCharged);
}

more.addEventListener('click', () => nextPage().catch(fail));
try {
  await nextPage();
  await deferredAuthors();
  status.textContent = 'Done.';
  status.dataset.done = 'true';
} catch (error) {
  fail(error);
}
