import { VIDEO_ORIGIN } from '../constants.js';

/**
 * The synthetic platform's answers, in the shapes InnerTube sends today (2026): a WEB player with
 * microformat, a watch answer with its comments section, comment threads as entity mutations, a
 * channel's page header and rich grids, search sections, format-1 caption files and the feed.
 * Every name and number is invented.
 */

export type Json = Record<string, unknown>;

const simple = (text: string) => ({ simpleText: text });
const runs = (...texts: string[]) => ({ runs: texts.map((text) => ({ text })) });
const continuation = (token: string) => ({ continuationItemRenderer: { continuationEndpoint: { continuationCommand: { token } } } });

/** A channel id from a demo name: `UC` + the name padded to 22 characters, so the name reads back. */
export function channelIdFor(name: string): string {
  return `UC${`${name.replace(/[^A-Za-z0-9_-]/g, '_')}${'x'.repeat(22)}`.slice(0, 22)}`;
}
export const nameOfChannelId = (id: string): string => id.slice(2).replace(/x+$/, '');

/** A video id from a demo word: the word padded to 11 characters. */
export const videoIdFor = (word: string, index = 0): string =>
  `${word.replace(/[^A-Za-z0-9_-]/g, '_')}${'0'.repeat(11)}`.slice(0, 10) + String(index % 10);

export interface VideoFacts {
  id: string;
  channel: string;
  views: number;
  likes: number;
  short: boolean;
  live: boolean;
}

export function factsOf(id: string, tick: number): VideoFacts {
  return {
    id,
    channel: 'ana',
    views: 1_000 + id.length * 37 + tick * 11,
    likes: 50 + tick,
    short: id.startsWith('short'),
    live: id.startsWith('live'),
  };
}

export function playerAnswer(facts: VideoFacts, client: string, playability: Json = { status: 'OK' }): Json {
  const handle = facts.channel;
  const answer: Json = {
    responseContext: { visitorData: 'SYNTHETIC' },
    playabilityStatus: playability,
    streamingData: { formats: [{ url: `https://rr1---sn-synthetic.googlevideo.com/videoplayback?id=${facts.id}&ip=203.0.113.9` }] },
    videoDetails: {
      videoId: facts.id,
      title: `Demo video ${facts.id} #demo`,
      lengthSeconds: facts.short ? '42' : '317',
      keywords: ['demo', 'synthetic'],
      channelId: channelIdFor(handle),
      shortDescription: `A synthetic video for the offline demo. Thanks @${handle}-friend #synthetic`,
      viewCount: String(facts.views),
      author: `Demo ${handle}`,
      isLiveContent: facts.live,
      thumbnail: {
        thumbnails: [
          { url: `https://i.ytimg.com/vi/${facts.id}/default.jpg`, width: 120 },
          { url: `https://i.ytimg.com/vi/${facts.id}/hqdefault.jpg`, width: 480 },
        ],
      },
    },
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          {
            baseUrl: `${VIDEO_ORIGIN}/api/timedtext?v=${facts.id}&lang=en&fmt=srv3`,
            name: runs('English'),
            vssId: '.en',
            languageCode: 'en',
          },
          {
            baseUrl: `${VIDEO_ORIGIN}/api/timedtext?v=${facts.id}&kind=asr&lang=en&fmt=srv3`,
            name: runs('English (auto-generated)'),
            vssId: 'a.en',
            languageCode: 'en',
            kind: 'asr',
          },
        ],
      },
    },
  };
  if (client === 'WEB') {
    answer.microformat = {
      playerMicroformatRenderer: {
        publishDate: '2026-01-15T09:00:00-08:00',
        likeCount: String(facts.likes),
        ownerProfileUrl: `http://www.youtube.com/@${handle}`,
        externalChannelId: channelIdFor(handle),
        lengthSeconds: facts.short ? '43' : '318',
        ...(facts.short ? { isShortsEligible: true } : {}),
        ...(facts.live ? { liveBroadcastDetails: { isLiveNow: true, startTimestamp: '2026-01-15T17:00:00+00:00' } } : {}),
      },
    };
  }
  return answer;
}

/** The watch answer (`next {videoId}`): primary info, owner, the comments section and panel. */
export function watchAnswer(facts: VideoFacts, withComments: boolean): Json {
  const section = withComments
    ? [{ itemSectionRenderer: { sectionIdentifier: 'comment-item-section', contents: [continuation(`comments.${facts.id}.top`)] } }]
    : [];
  return {
    contents: {
      twoColumnWatchNextResults: {
        results: {
          results: {
            contents: [
              {
                videoPrimaryInfoRenderer: {
                  title: runs(`Demo video ${facts.id}`),
                  viewCount: { videoViewCountRenderer: { viewCount: simple(`${facts.views} views`) } },
                },
              },
              { videoSecondaryInfoRenderer: { owner: { videoOwnerRenderer: { title: runs(`Demo ${facts.channel}`) } } } },
              ...section,
            ],
          },
        },
      },
    },
    engagementPanels: withComments
      ? [
          {
            engagementPanelSectionListRenderer: {
              panelIdentifier: 'engagement-panel-comments-section',
              header: { engagementPanelTitleHeaderRenderer: { contextualInfo: runs('1.2K') } },
            },
          },
        ]
      : [],
  };
}

interface DemoComment {
  id: string;
  handle: string;
  text: string;
  likes: string;
  replies: string;
  published: string;
  pinned?: boolean;
  creator?: boolean;
  hearted?: boolean;
}

function commentsOf(videoId: string, sort: string, tick: number): DemoComment[] {
  const list: DemoComment[] = [
    {
      id: `Ugw${videoId}pin`,
      handle: 'ana',
      text: 'Pinned: thanks for watching!',
      likes: '2.4K',
      replies: '7',
      published: '2 days ago',
      pinned: true,
      creator: true,
    },
    {
      id: `Ugx${videoId}one`,
      handle: 'viewer-one',
      text: 'Great demo @ana',
      likes: '15',
      replies: '',
      published: '1 day ago (edited)',
      hearted: true,
    },
    { id: `Ugy${videoId}two`, handle: 'viewer-two', text: 'Second!', likes: '', replies: '1', published: `${1 + tick} hours ago` },
  ];
  return sort === 'newest' ? list.slice(1).reverse() : list;
}

/** A comments answer: header and threads as today's entity mutations (a first page), or an appended older-shape page. */
export function commentsAnswer(videoId: string, sort: string, pageNumber: number, tick: number): Json {
  if (pageNumber > 1) {
    return {
      onResponseReceivedEndpoints: [
        {
          appendContinuationItemsAction: {
            continuationItems: [
              {
                commentThreadRenderer: {
                  comment: {
                    commentRenderer: {
                      commentId: `Ugz${videoId}old`,
                      contentText: runs('An older-shape comment'),
                      authorText: simple('@viewer-three'),
                      authorEndpoint: { browseEndpoint: { browseId: channelIdFor('viewer-three') } },
                      voteCount: simple('3'),
                      replyCount: 0,
                      publishedTimeText: runs('3 weeks ago'),
                    },
                  },
                },
              },
            ],
          },
        },
      ],
    };
  }
  const comments = commentsOf(videoId, sort, tick);
  const keyOf = (id: string) => `key-${id}`;
  const stateOf = (id: string) => `state-${id}`;
  return {
    onResponseReceivedEndpoints: [
      {
        reloadContinuationItemsCommand: {
          slot: 'RELOAD_CONTINUATION_SLOT_HEADER',
          continuationItems: [
            {
              commentsHeaderRenderer: {
                countText: runs(String(1_204 + tick), ' Comments'),
                sortMenu: {
                  sortFilterSubMenuRenderer: {
                    subMenuItems: ['top', 'newest'].map((which) => ({
                      title: which,
                      serviceEndpoint: { continuationCommand: { token: `comments.${videoId}.${which}` } },
                    })),
                  },
                },
              },
            },
          ],
        },
      },
      {
        reloadContinuationItemsCommand: {
          slot: 'RELOAD_CONTINUATION_SLOT_BODY',
          continuationItems: [
            ...comments.map((one) => ({
              commentThreadRenderer: {
                commentViewModel: {
                  commentViewModel: {
                    commentKey: keyOf(one.id),
                    toolbarStateKey: stateOf(one.id),
                    commentId: one.id,
                    ...(one.pinned ? { pinnedText: 'Pinned by @ana' } : {}),
                  },
                },
              },
            })),
            ...(sort === 'top' ? [continuation(`comments.${videoId}.top.2`)] : []),
          ],
        },
      },
    ],
    frameworkUpdates: {
      entityBatchUpdate: {
        mutations: comments.flatMap((one) => [
          {
            entityKey: keyOf(one.id),
            payload: {
              commentEntityPayload: {
                properties: { commentId: one.id, content: { content: one.text }, publishedTime: one.published },
                author: { channelId: channelIdFor(one.handle), displayName: `@${one.handle}`, isCreator: one.creator === true },
                toolbar: { likeCountNotliked: one.likes, replyCount: one.replies },
              },
            },
          },
          {
            entityKey: stateOf(one.id),
            payload: {
              engagementToolbarStateEntityPayload: {
                heartState: one.hearted ? 'TOOLBAR_HEART_STATE_HEARTED' : 'TOOLBAR_HEART_STATE_UNHEARTED',
              },
            },
          },
        ]),
      },
    },
  };
}

const lockup = (id: string, views: string, published: string, clock: string) => ({
  richItemRenderer: {
    content: {
      lockupViewModel: {
        contentId: id,
        contentType: 'LOCKUP_CONTENT_TYPE_VIDEO',
        contentImage: {
          thumbnailViewModel: {
            image: { sources: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 336 }] },
            overlays: [{ thumbnailBottomOverlayViewModel: { badges: [{ thumbnailBadgeViewModel: { text: clock } }] } }],
          },
        },
        metadata: {
          lockupMetadataViewModel: {
            title: { content: `Demo video ${id}` },
            metadata: {
              contentMetadataViewModel: {
                metadataRows: [{ metadataParts: [{ text: { content: views } }, { text: { content: published } }] }],
              },
            },
          },
        },
      },
    },
  },
});

const shortLockup = (id: string, views: string) => ({
  richItemRenderer: {
    content: {
      shortsLockupViewModel: {
        entityId: `shorts-shelf-item-${id}`,
        onTap: { innertubeCommand: { reelWatchEndpoint: { videoId: id } } },
        overlayMetadata: { primaryText: { content: `Demo short ${id}` }, secondaryText: { content: views } },
      },
    },
  },
});

/** A channel's browse answer: the 2026 page header, its metadata, and the asked tab selected (Videos when it has no such tab). */
export function browseAnswer(name: string, tab: 'videos' | 'shorts', uploads: number): Json {
  const id = channelIdFor(name);
  const hasTab = tab === 'videos' || !name.startsWith('noshorts');
  const selected = hasTab ? tab : 'videos';
  const videoIds = Array.from({ length: uploads }, (_unused, index) => videoIdFor(`vid${name}`.slice(0, 9), uploads - 1 - index)).slice(
    0,
    3,
  );
  const grid =
    selected === 'videos'
      ? [
          ...videoIds.map((videoId, index) =>
            lockup(videoId, index === 0 ? '1.5K views' : `${1_204 + index} views`, `${index + 1} days ago`, '5:17'),
          ),
          continuation(`browse.${id}.videos.2`),
        ]
      : [
          shortLockup(videoIdFor(`short${name}`.slice(0, 9), 1), '895k views'),
          shortLockup(videoIdFor(`short${name}`.slice(0, 9), 2), '57 views'),
        ];
  const tabs = ['videos', 'shorts'].map((which) => ({
    tabRenderer: {
      title: which,
      endpoint: {
        browseEndpoint: { browseId: id, params: which === 'videos' ? 'EgZ2aWRlb3PyBgQKAjoA' : 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D' },
        commandMetadata: { webCommandMetadata: { url: `/@${name}/${which}` } },
      },
      ...(which === selected ? { selected: true, content: { richGridRenderer: { contents: grid } } } : {}),
    },
  }));
  return {
    header: {
      pageHeaderRenderer: {
        content: {
          pageHeaderViewModel: {
            title: {
              dynamicTextViewModel: {
                text: {
                  content: `Demo ${name}`,
                  attachmentRuns: [
                    {
                      element: { type: { imageType: { image: { sources: [{ clientResource: { imageName: 'CHECK_CIRCLE_FILLED' } }] } } } },
                    },
                  ],
                },
              },
            },
            metadata: {
              contentMetadataViewModel: {
                metadataRows: [
                  { metadataParts: [{ text: { content: `@${name}` } }] },
                  { metadataParts: [{ text: { content: '12.5K subscribers' } }, { text: { content: `${uploads} videos` } }] },
                ],
              },
            },
            attribution: {
              attributionViewModel: {
                text: {
                  content: 'demo.example',
                  commandRuns: [
                    {
                      onTap: {
                        innertubeCommand: { urlEndpoint: { url: `${VIDEO_ORIGIN}/redirect?q=https%3A%2F%2Fdemo.example%2F${name}` } },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
    metadata: {
      channelMetadataRenderer: {
        title: `Demo ${name}`,
        description: `The synthetic channel ${name}.`,
        externalId: id,
        vanityChannelUrl: `http://www.youtube.com/@${name}`,
        avatar: { thumbnails: [{ url: `https://yt3.ggpht.com/synthetic-${name}=s900`, width: 900 }] },
      },
    },
    contents: { twoColumnBrowseResultsRenderer: { tabs } },
  };
}

/** A channel tab's second (last) page. */
export function browseContinuationAnswer(channelId: string): Json {
  const name = nameOfChannelId(channelId);
  return {
    onResponseReceivedActions: [
      {
        appendContinuationItemsAction: {
          continuationItems: [lockup(videoIdFor(`old${name}`.slice(0, 9), 0), '45K views', '2 years ago', '1:02:09')],
        },
      },
    ],
  };
}

const searchVideo = (id: string, title: string) => ({
  videoRenderer: {
    videoId: id,
    title: runs(title),
    descriptionSnippet: runs(`About ${title} #demo`),
    ownerText: {
      runs: [{ text: 'Demo ana', navigationEndpoint: { browseEndpoint: { browseId: channelIdFor('ana'), canonicalBaseUrl: '/@ana' } } }],
    },
    viewCountText: simple('42,563 views'),
    lengthText: simple('4:29'),
    publishedTimeText: simple('8 months ago'),
    thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480 }] },
  },
});

/** A search answer (first page, or the page a continuation asks for). */
export function searchAnswer(query: string | null, continuationToken: string | null): Json {
  if (continuationToken !== null) {
    return {
      onResponseReceivedCommands: [
        {
          appendContinuationItemsAction: {
            continuationItems: [{ itemSectionRenderer: { contents: [searchVideo(videoIdFor('vidpage2'), 'Page two')] } }],
          },
        },
      ],
    };
  }
  const empty = (query ?? '').startsWith('nothing');
  const contents = empty
    ? [{ itemSectionRenderer: { contents: [{ shelfRenderer: {} }] } }]
    : [
        {
          itemSectionRenderer: {
            contents: [
              searchVideo(videoIdFor('vidsearch', 1), `${query} one`),
              { shelfRenderer: {} },
              { channelRenderer: {} },
              searchVideo(videoIdFor('vidsearch', 2), `${query} two`),
            ],
          },
        },
        continuation('search.page.2'),
      ];
  return { contents: { twoColumnSearchResultsRenderer: { primaryContents: { sectionListRenderer: { contents } } } } };
}

/** A format-1 caption file: person-written, or speech recognition (with its double-escaped apostrophe). */
export function captionFile(asr: boolean): string {
  return asr
    ? '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.1" dur="2">hi it&amp;#39;s a demo</text><text start="2.1" dur="2">[Music]</text></transcript>'
    : '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0" dur="1.5">Welcome to the &lt;i&gt;demo&lt;/i&gt;</text><text start="1.5" dur="0.5"></text><text start="2" dur="2.25">Thanks for watching</text></transcript>';
}

/** The channel feed: the latest uploads, exact views and likes. */
export function channelFeed(channelId: string): string {
  const name = nameOfChannelId(channelId);
  const entry = (index: number) => {
    const id = videoIdFor(`vid${name}`.slice(0, 9), index);
    return `<entry><id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId><yt:channelId>${channelId}</yt:channelId><title>Feed video ${index}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/><author><name>Demo ${name}</name></author><published>2026-01-0${index + 1}T10:00:00+00:00</published><media:group><media:title>Feed video ${index}</media:title><media:description>From the feed</media:description><media:thumbnail url="https://i.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/><media:community><media:starRating count="${10 + index}"/><media:statistics views="${1000 + index}"/></media:community></media:group></entry>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><yt:channelId>${channelId}</yt:channelId><title>Demo ${name}</title>${entry(1)}${entry(0)}</feed>`;
}
