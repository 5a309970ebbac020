import type { SyntheticPost } from './reddit-things.js';

/**
 * The demo's forum dataset: two invented communities, their members, posts, one long comment
 * thread and one captioned video. Every name, text and number here was written for this
 * project; nothing is copied from the platform.
 */

export interface DemoUser {
  name: string;
  karma: number;
  title: string;
  bio: string;
  createdUtc: number;
}

export interface DemoCommunity {
  name: string;
  title: string;
  description: string;
  subscribers: number;
  activeUsers: number;
  createdUtc: number;
  category: string;
}

/** A comment of the demo thread; `replies` nest, reading order is array order. */
export interface DemoComment {
  id: string;
  author: string;
  body: string;
  score: number;
  replies?: DemoComment[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'fern_and_fig',
    karma: 18_420,
    title: 'Fern & Fig',
    bio: 'Third-floor balcony, south-west light, too many pots.',
    createdUtc: 1_525_000_000,
  },
  {
    name: 'balcony_botanist',
    karma: 9_310,
    title: 'Balcony Botanist',
    bio: 'Container soil nerd. Ask me about drainage.',
    createdUtc: 1_560_000_000,
  },
  { name: 'loam_ranger', karma: 4_075, title: 'Loam Ranger', bio: 'Worm bins and window boxes.', createdUtc: 1_601_000_000 },
  { name: 'rooftop_radish', karma: 2_230, title: 'Rooftop Radish', bio: 'Growing salad eleven storeys up.', createdUtc: 1_640_000_000 },
  {
    name: 'crumb_theory',
    karma: 12_880,
    title: 'Crumb Theory',
    bio: 'Weekend baker, weekday spreadsheet person.',
    createdUtc: 1_540_000_000,
  },
  { name: 'levain_lucy', karma: 6_540, title: 'Levain Lucy', bio: 'My starter is older than my car.', createdUtc: 1_580_000_000 },
  { name: 'sprout_moderator', karma: 31_200, title: 'Sprout Moderator', bio: 'Keeping the beds weeded.', createdUtc: 1_480_000_000 },
];

export const DEMO_COMMUNITIES: readonly DemoCommunity[] = [
  {
    name: 'balconygardens',
    title: 'Balcony Gardens',
    description: 'Growing food and flowers in small outdoor spaces: balconies, window boxes, rooftops and fire escapes.',
    subscribers: 48_210,
    activeUsers: 312,
    createdUtc: 1_390_000_000,
    category: 'Home & Garden',
  },
  {
    name: 'sourdoughlab',
    title: 'Sourdough Lab',
    description: 'Starters, crumb shots and the science of slow bread.',
    subscribers: 22_940,
    activeUsers: 141,
    createdUtc: 1_420_000_000,
    category: 'Food & Drink',
  },
];

/** The post with the long comment thread (load-more and continue-this-thread stubs). */
export const THREAD_POST_ID = 'bg0001';
/** The post whose hosted video has an English caption track. */
export const VIDEO_POST_ID = 'bg0002';
export const VIDEO_ID = 'peashoots30d';

const GARDEN_TITLES = [
  'Snap peas finally climbing the railing',
  'Self-watering planters: worth it for a hot balcony?',
  'Wind broke my tomato cage again, what do you use?',
  'First strawberry of the year from a hanging basket',
  'How much sun do chillies really need?',
  'Drip irrigation on a rental balcony without drilling',
  'My worm bin survived the winter',
  'Best lettuce varieties for partial shade',
  'Trellis ideas for a narrow railing',
  'Aphids on the nasturtiums: leave them as a trap crop?',
  'Window box herbs one month in',
  'Repotting a root-bound fig',
  'Cheap potting mix vs the good stuff, a side by side',
  'Pollinating squash by hand on the 9th floor',
  'Fabric pots or plastic for potatoes?',
  'Cucumbers turning yellow at the tips',
  'A tiny pond in a half barrel',
  'Overwintering geraniums indoors',
  'Garlic planted in October, shoots in March',
  'What grows on a north-facing balcony?',
  'Blueberries in containers need acidic soil, lesson learned',
  'Shade cloth for the August heat',
  'Microgreens on the windowsill between seasons',
  'Bird netting that does not look awful',
  'Harvest basket from a 2 m² balcony',
  'Compost tea: myth or magic?',
  'Mint escaped its pot and took over the box',
  'Coir vs peat for seed starting',
];

const BREAD_TITLES = [
  'Crumb shot: 78% hydration with rye',
  'Starter smells like nail polish, is it dead?',
  'Cold retard overnight vs same-day bake',
  'Why does my loaf spread flat?',
  'Banneton flour that does not stick',
  'Scoring patterns that actually open up',
  'Discard crackers recipe that finally worked',
  'Dutch oven or baking steel?',
  'Whole wheat levain feeding schedule',
  'Open crumb chasing is overrated, change my mind',
];

const BODIES = [
  'Sharing in case it helps someone with the same setup.',
  'Any tips welcome, this is my second season.',
  'Photos in the comments. The #balconygarden tag on this sub has been great for ideas.',
  'Tried this after reading the wiki and it worked better than expected.',
  '',
];

const HOUR = 3_600;
const NEWEST = 1_761_000_000;

function post(index: number, community: string, title: string, authors: readonly string[]): SyntheticPost {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 40);
  return {
    id: `${community === 'balconygardens' ? 'bg' : 'sd'}${(index + 1).toString(36).padStart(4, '0')}`,
    author: authors[index % authors.length]!,
    subreddit: community,
    title,
    slug,
    selftext: BODIES[index % BODIES.length]!,
    // Scores and comment counts that vary without looking random from page to page.
    score: 40 + ((index * 137) % 900),
    numComments: 3 + ((index * 29) % 60),
    createdUtc: NEWEST - index * 7 * HOUR,
    flair: index % 3 === 0 ? 'Question' : index % 3 === 1 ? 'Show & tell' : 'Discussion',
  };
}

const gardenAuthors = ['fern_and_fig', 'balcony_botanist', 'loam_ranger', 'rooftop_radish'];
const breadAuthors = ['crumb_theory', 'levain_lucy'];

/** 30 garden posts (two pages at the default limit of 25) and 10 bread posts, newest first. */
export const DEMO_POSTS: readonly SyntheticPost[] = [
  {
    id: THREAD_POST_ID,
    author: 'sprout_moderator',
    subreddit: 'balconygardens',
    title: "Weekly show-and-tell: what's growing on your balcony?",
    slug: 'weekly_showandtell_whats_growing_on_your_balcony',
    selftext:
      'Post a photo or a sentence about your space this week. Tag a neighbour like u/fern_and_fig if they inspired you. #showandtell',
    score: 1_284,
    numComments: 24,
    createdUtc: NEWEST + 2 * HOUR,
    flair: 'Weekly thread',
  },
  {
    id: VIDEO_POST_ID,
    author: 'rooftop_radish',
    subreddit: 'balconygardens',
    title: 'Time-lapse: 30 days of pea shoots on a north-facing balcony',
    slug: 'timelapse_30_days_of_pea_shoots',
    score: 2_416,
    numComments: 57,
    createdUtc: NEWEST + HOUR,
    flair: 'Show & tell',
    video: { id: VIDEO_ID, durationSeconds: 42 },
  },
  ...GARDEN_TITLES.map((title, index) => post(index + 2, 'balconygardens', title, gardenAuthors)),
  ...BREAD_TITLES.map((title, index) => post(index, 'sourdoughlab', title, breadAuthors)),
];

/**
 * The show-and-tell thread: 10 top-level comments, replies four levels deep. The gateway
 * asks for at most `limit` top-level comments and `depth` levels; what Reddit would not send
 * becomes "more" stubs (see forum-routes.ts).
 */
export const DEMO_THREAD: readonly DemoComment[] = [
  { id: 'c1a001', author: 'sprout_moderator', score: 12, body: 'Reminder: be kind, and credit the grower if you share their photos.' },
  {
    id: 'c1a002',
    author: 'fern_and_fig',
    score: 164,
    body: 'Figs are fruiting for the first time! Two years in a 40 litre pot.',
    replies: [
      {
        id: 'c1a003',
        author: 'balcony_botanist',
        score: 58,
        body: 'What mix are you using? Mine drops every fruit before it ripens.',
        replies: [
          {
            id: 'c1a004',
            author: 'fern_and_fig',
            score: 41,
            body: 'Half bark fines, a third compost, the rest perlite. And water every evening in July.',
            replies: [
              {
                id: 'c1a005',
                author: 'balcony_botanist',
                score: 17,
                body: 'Evening watering is the bit I skip. Trying it this week.',
                replies: [{ id: 'c1a006', author: 'loam_ranger', score: 9, body: 'Same problem here, following along.' }],
              },
            ],
          },
        ],
      },
      { id: 'c1a007', author: 'rooftop_radish', score: 33, body: 'Beautiful. Did you hand-pollinate?' },
      { id: 'c1a008', author: 'loam_ranger', score: 21, body: 'Common figs set fruit without pollination, lucky you.' },
      { id: 'c1a009', author: 'crumb_theory', score: 8, body: 'Fig and sourdough season, best season.' },
      { id: 'c1a00a', author: 'levain_lucy', score: 6, body: 'Now bake them into a loaf.' },
    ],
  },
  {
    id: 'c1a00b',
    author: 'loam_ranger',
    score: 96,
    body: 'Worm bin is finally producing castings; the window box basil has never looked better.',
  },
  {
    id: 'c1a00c',
    author: 'rooftop_radish',
    score: 88,
    body: 'Radishes in 24 days from seed. Eleventh floor, full wind.',
    replies: [{ id: 'c1a00d', author: 'fern_and_fig', score: 14, body: 'Do you stake anything up there or is it all low growers?' }],
  },
  { id: 'c1a00e', author: 'balcony_botanist', score: 71, body: 'Swapped to self-watering planters; the tomatoes stopped splitting.' },
  { id: 'c1a00f', author: '[deleted]', score: 2, body: '[deleted]' },
  { id: 'c1a00g', author: 'crumb_theory', score: 40, body: 'Only herbs this year, but the rosemary is thriving.' },
  { id: 'c1a00h', author: 'levain_lucy', score: 25, body: 'Chive flowers on the railing, the bees found them in a day.' },
  { id: 'c1a00i', author: 'fern_and_fig', score: 19, body: 'Strawberries in a gutter planter, photos tomorrow.' },
  { id: 'c1a00j', author: 'loam_ranger', score: 11, body: 'First year trying potatoes in a fabric bag. Fingers crossed.' },
];

/** WebVTT captions of the demo video. */
export const DEMO_CAPTIONS = [
  'WEBVTT',
  'Kind: captions',
  'Language: en',
  '',
  '00:00:00.000 --> 00:00:04.000',
  'Day one: pea seeds soaked overnight, sown in a shallow tray.',
  '',
  '00:00:04.000 --> 00:00:09.500',
  'By day six the first shoots push through the compost.',
  '',
  '00:00:09.500 --> 00:00:16.000',
  'North light is enough for shoots; they just grow a little taller.',
  '',
  '00:00:16.000 --> 00:00:24.000',
  'Day twenty: time for the first harvest, cut above the lowest leaf.',
  '',
  '00:00:24.000 --> 00:00:42.000',
  'Thirty days, three harvests, one very happy salad.',
  '',
].join('\n');

/** The DASH manifest of the demo video: video, audio and an English caption track. */
export const DEMO_DASH_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" minBufferTime="PT1.500S" type="static" mediaPresentationDuration="PT42.0S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <Period duration="PT42.0S">
    <AdaptationSet segmentAlignment="true" maxWidth="720" maxHeight="1280" par="9:16" contentType="video" mimeType="video/mp4">
      <Representation id="CMAF_720" bandwidth="2400000" width="720" height="1280" codecs="avc1.4d401f"><BaseURL>CMAF_720.mp4</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet segmentAlignment="true" contentType="audio" mimeType="audio/mp4" lang="und">
      <Representation id="CMAF_AUDIO_128" bandwidth="128000" codecs="mp4a.40.2"><BaseURL>CMAF_AUDIO_128.mp4</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet contentType="text" mimeType="text/vtt" lang="en-US">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Label>English</Label>
      <Representation id="captions_en" bandwidth="256"><BaseURL>wh_ben_en/captions_en.vtt</BaseURL></Representation>
    </AdaptationSet>
  </Period>
</MPD>
`;
