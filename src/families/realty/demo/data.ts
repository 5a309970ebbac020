import type { ListingData } from './redfin-pages.js';

/**
 * The demo's realty dataset: a house for sale, a multi-unit rental building, the agent who
 * lists the house, a two-page city search and a rentals search. Addresses, people, ids and
 * prices are invented for this project; the shapes follow the marketplace's page data.
 */

const ORIGIN = 'https://www.redfin.com';
const PHOTO = 'https://ssl.cdn-redfin.com/photo/92/bigphoto';

export const SALE_PATH = '/ID/Boise/2417-Larkspur-Bend-Dr-83706/home/91000001';
export const RENTAL_PATH = '/CO/Denver/Cottonwood-Lofts/apartment/91000010';
export const AGENT_PATH = '/real-estate-agents/harper-lindqvist';
export const CITY_SEARCH_PATH = '/city/2287/ID/Boise';
export const RENTALS_SEARCH_PATH = '/city/5155/CO/Denver/apartments-for-rent';
export const RENTAL_ID = '7c2d9e41-58b3-4a06-9f1e-3b5c7d9e0a12';

const day = (iso: string) => Date.parse(iso);

export const SALE_HOME: ListingData = {
  url: `${ORIGIN}${SALE_PATH}`,
  initialInfo: {
    responseCode: 200,
    propertyId: 91000001,
    listingId: 191000001,
    dataSourceId: 92,
    latLong: { latitude: 43.5921, longitude: -116.2104 },
    mlsId: '98100101',
  },
  aboveTheFold: {
    addressSectionInfo: {
      status: { displayValue: 'Active', definition: 'This listing is for sale and the sellers are accepting offers.' },
      priceInfo: { amount: 489000, label: 'Price', displayLevel: 1 },
      latestPriceInfo: { amount: 489000, label: 'Price', displayLevel: 1 },
      sqFt: { displayLevel: 1, value: 1962 },
      pricePerSqFt: 249,
      streetAddress: {
        streetNumber: '2417',
        streetName: 'Larkspur Bend',
        streetType: 'Dr',
        unitType: '',
        unitValue: '',
        assembledAddress: '2417 Larkspur Bend Dr',
      },
      latLong: { latitude: 43.5921, longitude: -116.2104 },
      beds: 4,
      baths: 2.5,
      yearBuilt: 2004,
      city: 'Boise',
      state: 'ID',
      zip: '83706',
      countryCode: 'US',
      lotSize: 6534,
      searchStatus: 1,
      propertyType: 6,
      listingType: 1,
      url: SALE_PATH,
    },
    mediaBrowserInfo: {
      photos: [
        { photoId: 1, photoUrls: { fullScreenPhotoUrl: `${PHOTO}/101/98100101_0.jpg` } },
        { photoId: 2, photoUrls: { fullScreenPhotoUrl: `${PHOTO}/101/98100101_1_0.jpg` } },
        { photoId: 3, photoUrls: { fullScreenPhotoUrl: `${PHOTO}/101/98100101_2_0.jpg` } },
      ],
    },
  },
  mainHouseInfoPanelInfo: {
    mainHouseInfo: {
      listingId: 191000001,
      listingAgents: [{ agentInfo: { agentName: 'Harper Lindqvist', isRedfinAgent: true }, brokerName: 'Redfin' }],
      lastUpdatedDate: day('2025-10-02T16:00:00Z'),
      marketingRemarks: [
        { marketingRemark: 'Two-storey home on a quiet bend near the Greenbelt, with a fenced garden and raised beds.', displayLevel: 1 },
      ],
      selectedAmenities: [
        { header: 'Property Type', content: 'Single-family' },
        { header: 'Garage', content: '2 spaces' },
        { header: 'HOA Dues', content: '$45/mo' },
      ],
      fullStreetAddress: '2417 Larkspur Bend Dr, Boise, ID 83706',
      mlsStatusDisplay: { displayValue: 'Active' },
      url: SALE_PATH,
    },
  },
  belowTheFold: {
    amenitiesInfo: {
      superGroups: [
        {
          titleString: 'Parking',
          amenityGroups: [
            {
              groupTitle: 'Parking Information',
              amenityEntries: [
                { amenityName: 'Garage Spaces', amenityValues: ['2'] },
                { amenityName: 'Parking Features', amenityValues: ['Attached', 'Driveway'] },
              ],
            },
          ],
        },
        {
          titleString: 'Interior',
          amenityGroups: [
            {
              groupTitle: 'Interior Features',
              amenityEntries: [
                { amenityName: 'Appliances', amenityValues: ['Dishwasher', 'Gas Range', 'Refrigerator'] },
                { amenityName: 'Flooring', amenityValues: ['Hardwood', 'Tile'] },
              ],
            },
          ],
        },
      ],
      mlsDisclaimerInfo: { listingBrokerName: 'Redfin', listingAgentName: 'Harper Lindqvist', listingAgentNumber: '208-555-0117' },
    },
    publicRecordsInfo: {
      basicInfo: { beds: 4, baths: 2, propertyTypeName: 'Single Family Residential', yearBuilt: 2004 },
      latestListingInfo: { beds: 4, baths: 2.5, propertyTypeName: 'Single Family Residential', yearBuilt: 2004 },
    },
    propertyHistoryInfo: {
      events: [
        {
          price: 489000,
          eventDescription: 'Price Changed',
          source: 'IMLS',
          dataSourceDisplay: { dataSourceName: 'IMLS' },
          historyEventType: 1,
          eventDate: day('2025-09-28T00:00:00Z'),
        },
        {
          price: 505000,
          eventDescription: 'Listed',
          mlsDescription: 'Active',
          source: 'IMLS',
          dataSourceDisplay: { dataSourceName: 'IMLS' },
          historyEventType: 1,
          eventDate: day('2025-09-05T00:00:00Z'),
        },
        {
          price: 298000,
          eventDescription: 'Sold (Public Records)',
          source: 'Public Records',
          dataSourceDisplay: {},
          historyEventType: 2,
          eventDate: day('2013-06-14T00:00:00Z'),
        },
      ],
    },
    schoolsAndDistrictsInfo: {
      servingThisHomeSchools: [
        {
          name: 'Larkspur Elementary School',
          gradeRanges: 'K-6',
          distanceInMiles: '0.4',
          greatSchoolsRating: 8,
          institutionType: 'Public',
          schoolUrl: '/ID/school/larkspur-elementary-school/910001',
          servesHome: true,
        },
        {
          name: 'Riverside Junior High School',
          gradeRanges: '7-9',
          distanceInMiles: '1.7',
          greatSchoolsRating: 7,
          institutionType: 'Public',
          schoolUrl: '/ID/school/riverside-junior-high-school/910002',
          servesHome: true,
        },
      ],
    },
  },
  photoTags: {
    listingId: 191000001,
    tagsByPhotoId: { '1': { photoId: 1, photoUrl: `${PHOTO}/101/98100101_0.jpg`, tags: ['All', 'Exterior'] } },
  },
  jsonLd: [
    { '@context': 'http://schema.org', '@type': 'Organization', name: 'Redfin', url: ORIGIN },
    {
      '@context': 'https://schema.org',
      '@type': ['Product', 'RealEstateListing'],
      name: '2417 Larkspur Bend Dr',
      url: `${ORIGIN}${SALE_PATH}`,
      offers: { '@type': 'Offer', priceCurrency: 'USD', price: 489000, availability: 'https://schema.org/InStock' },
      mainEntity: {
        '@type': 'SingleFamilyResidence',
        name: '2417 Larkspur Bend Dr',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '2417 Larkspur Bend Dr',
          addressLocality: 'Boise',
          addressRegion: 'ID',
          postalCode: '83706',
          addressCountry: 'US',
        },
        numberOfBedrooms: 4,
        numberOfBathroomsTotal: 2.5,
        floorSize: { '@type': 'QuantitativeValue', value: 1962, unitText: 'FTK' },
      },
    },
  ],
};

export const RENTAL_BUILDING: ListingData = {
  url: `${ORIGIN}${RENTAL_PATH}`,
  rentalId: RENTAL_ID,
  homecards: {
    homes: [
      {
        homeData: {
          propertyId: '91000010',
          url: RENTAL_PATH,
          propertyType: 5,
          sashes: [{ sashTypeId: 35, sashTypeName: '4 WEEKS FREE' }],
          addressInfo: {
            centroid: { centroid: { latitude: 39.7541, longitude: -104.9998 } },
            formattedStreetLine: '1820 Wazee St',
            city: 'Denver',
            state: 'CO',
            zip: '80202',
            countryCode: 1,
          },
        },
        rentalExtension: {
          rentalId: RENTAL_ID,
          propertyName: 'Cottonwood Lofts',
          bedRange: { min: 0, max: 3 },
          bathRange: { min: 1, max: 2 },
          sqftRange: { min: 512, max: 1340 },
          rentPriceRange: { min: '1595', max: '3480' },
          numAvailableUnits: '9',
          status: 1,
          lastUpdated: '2025-10-01T09:30:00.000000Z',
          description: 'Warehouse lofts from studios to three bedrooms in LoDo.',
          desktopPhone: '3035550164',
          isCommercialPaid: true,
          timeOnRedfin: '172800000',
        },
      },
    ],
    numMatchedHomes: 1,
  },
  floorPlans: {
    rentalId: RENTAL_ID,
    unitTypesByBedroom: [
      {
        bedroomTitle: 'All',
        availableUnitTypes: [
          {
            unitTypeId: 'st',
            name: 'Studio Loft',
            bedrooms: 0,
            rentPriceMin: 1595,
            rentPriceMax: 1690,
            photos: [{ photoUrl: 'https://ssl.cdn-redfin.com/rentals/plans/cottonwood-st.png' }],
            units: [{ unitId: 'u204', name: '204', rentPrice: 1595 }],
          },
          {
            unitTypeId: 'b1',
            name: 'One Bedroom',
            bedrooms: 1,
            rentPriceMin: 2040,
            rentPriceMax: 2285,
            floorPlanImageUrl: 'https://ssl.cdn-redfin.com/rentals/plans/cottonwood-b1.png',
          },
          {
            unitTypeId: 'b3',
            name: 'Three Bedroom Corner',
            bedrooms: 3,
            rentPriceMin: 3310,
            rentPriceMax: 3480,
            floorPlanImageUrl: 'https://ssl.cdn-redfin.com/rentals/plans/cottonwood-b3.png',
          },
        ],
      },
    ],
  },
  amenities: {
    unitAmenities: ['Exposed brick', 'In-unit washer & dryer'],
    communityAmenities: ['Rooftop deck', 'Bike storage', 'Dog wash'],
    otherAmenities: [],
  },
  about: {
    rentalId: RENTAL_ID,
    description: 'Cottonwood Lofts turns a 1911 warehouse into 64 homes two blocks from Union Station.',
    managementCompany: { name: 'Front Range Residential' },
  },
  belowTheFold: {
    propertyHistoryInfo: {
      events: [
        {
          price: 1595,
          eventDescription: 'Price Changed',
          source: 'rentalsource',
          dataSourceDisplay: {},
          historyEventType: 3,
          eventDate: day('2025-09-20T00:00:00Z'),
        },
        {
          price: 1650,
          eventDescription: 'Listed for Rent',
          source: 'rentalsource',
          dataSourceDisplay: {},
          historyEventType: 3,
          eventDate: day('2025-08-01T00:00:00Z'),
        },
      ],
    },
  },
};

export const AGENT = {
  url: `${ORIGIN}${AGENT_PATH}`,
  profile: {
    agent: {
      agentId: 5520417,
      firstName: 'Harper',
      lastName: 'Lindqvist',
      photoUrl: 'https://ssl.cdn-redfin.com/agent-photos/5520417.jpg',
      brokerageName: 'Redfin',
      licenseNumber: 'ID SP51234',
      phone: '(208) 555-0117',
      bio: 'Boise buyer and listing agent; twelve years in the Treasure Valley.',
      languages: ['English', 'Swedish'],
      serviceAreas: [{ name: 'Boise Bench' }, 'Meridian', 'Garden City'],
      rating: 4.8,
      reviewCount: 64,
      stats: [{ label: 'Deals closed', value: 118, period: 'last 5 years' }],
    },
    listings: [
      {
        propertyId: 91000001,
        url: SALE_PATH,
        price: { value: 489000, level: 1 },
        mlsStatus: 'Active',
        streetLine: { value: '2417 Larkspur Bend Dr', level: 1 },
        city: 'Boise',
        state: 'ID',
        zip: '83706',
        beds: 4,
        baths: 2.5,
        sqFt: { value: 1962, level: 1 },
      },
      {
        propertyId: 91000004,
        url: '/ID/Boise/611-Quail-Run-Ct-83709/home/91000004',
        price: { value: 372500, level: 1 },
        mlsStatus: 'Pending',
        streetLine: { value: '611 Quail Run Ct', level: 1 },
        city: 'Boise',
        state: 'ID',
        zip: '83709',
        beds: 3,
        baths: 2,
      },
    ],
  },
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: 'Harper Lindqvist',
      url: `${ORIGIN}${AGENT_PATH}`,
      telephone: '(208) 555-0117',
      worksFor: { '@type': 'Organization', name: 'Redfin' },
    },
  ],
};

const home = (
  id: number,
  street: string,
  zip: string,
  price: number | null,
  status: string,
  beds: number,
  baths: number,
  sqft: number,
) => ({
  mlsId: { label: 'MLS#', value: String(98100000 + (id % 1000)) },
  mlsStatus: status,
  price: price === null ? { level: 1 } : { value: price, level: 1 },
  sqFt: { value: sqft, level: 1 },
  beds,
  baths,
  streetLine: { value: street, level: 1 },
  city: 'Boise',
  state: 'ID',
  zip,
  countryCode: 'US',
  searchStatus: status === 'Coming Soon' ? 8 : 1,
  propertyId: id,
  url: `/ID/Boise/${street.replace(/\s+/g, '-')}-${zip}/home/${id}`,
  sashes: status === 'Active' ? [{ sashTypeId: 7, sashTypeName: 'New' }] : [],
});

/** The two pages of the Boise city search (the gis answers embedded in each page). */
export const CITY_SEARCH_PAGES = [
  {
    homes: [
      home(91000001, '2417 Larkspur Bend Dr', '83706', 489000, 'Active', 4, 2.5, 1962),
      home(91000021, '905 N 17th St', '83702', 612000, 'Active', 3, 2, 1710),
      home(91000022, '3301 W Hillcrest Dr', '83705', null, 'Coming Soon', 3, 2, 1488),
      home(91000023, '78 E Parkcenter Blvd Unit 4', '83706', 344900, 'Active Under Contract', 2, 2, 1104),
    ],
    dataSources: [],
    buildings: {},
    searchMedian: { price: 489000 },
  },
  {
    homes: [
      home(91000004, '611 Quail Run Ct', '83709', 372500, 'Pending', 3, 2, 1390),
      home(91000025, '1450 S Owyhee St', '83705', 429000, 'Active', 3, 1.5, 1288),
    ],
    dataSources: [],
    buildings: {},
    searchMedian: { price: 429000 },
  },
];

/** The Denver rentals search answer (the rentals API, no envelope). */
export const RENTALS_SEARCH = {
  homes: [
    {
      homeData: {
        propertyId: '91000010',
        url: RENTAL_PATH,
        propertyType: 5,
        sashes: [{ sashTypeName: '4 WEEKS FREE' }],
        addressInfo: {
          centroid: { centroid: { latitude: 39.7541, longitude: -104.9998 } },
          formattedStreetLine: '1820 Wazee St',
          city: 'Denver',
          state: 'CO',
          zip: '80202',
          countryCode: 1,
        },
      },
      rentalExtension: {
        rentalId: RENTAL_ID,
        propertyName: 'Cottonwood Lofts',
        rentPriceRange: { min: 1595, max: 3480 },
        numAvailableUnits: 9,
        status: 1,
        isCommercialPaid: true,
      },
    },
    {
      homeData: {
        propertyId: '91000031',
        url: '/CO/Denver/3125-W-32nd-Ave-80211/home/91000031',
        propertyType: 6,
        addressInfo: { formattedStreetLine: '3125 W 32nd Ave', city: 'Denver', state: 'CO', zip: '80211', countryCode: 1 },
      },
      rentalExtension: {
        rentalId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        rentPriceRange: { min: '2875', max: '2875' },
        numAvailableUnits: '1',
        status: 1,
        isCommercialPaid: false,
      },
    },
  ],
  numMatchedHomes: 2,
  numMatchedUnits: 10,
};
