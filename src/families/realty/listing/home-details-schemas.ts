import { z } from 'zod';
import { bool, idLike, list, num, obj, str, strList } from '../parse/lenient.js';

/**
 * Lenient readers of the home-details stingray payloads (the same bodies whether embedded
 * in the page's dataCache or fetched). Only the fields the normaliser uses are named;
 * everything else stays in raw untouched.
 */

const latLong = obj({ latitude: num, longitude: num });

export const initialInfoSchema = z.looseObject({
  responseCode: num,
  propertyId: idLike,
  listingId: idLike,
  latLong,
});
export type InitialInfo = z.output<typeof initialInfoSchema>;

const streetAddress = obj({ assembledAddress: str, unitType: str, unitValue: str });
const priceInfo = obj({ amount: num, label: str });

export const aboveTheFoldSchema = z.looseObject({
  addressSectionInfo: z.looseObject({
    status: obj({ displayValue: str }),
    priceInfo,
    latestPriceInfo: priceInfo,
    sqFt: num,
    pricePerSqFt: num,
    streetAddress,
    latLong,
    beds: num,
    baths: num,
    yearBuilt: num,
    city: str,
    state: str,
    zip: str,
    countryCode: str,
    lotSize: num,
    searchStatus: num,
    url: str,
    propertyType: num,
  }),
  mediaBrowserInfo: obj({
    photos: list(z.looseObject({ photoId: idLike, photoUrls: obj({ fullScreenPhotoUrl: str, nonFullScreenPhotoUrl: str }) })),
  }),
});
export type AboveTheFold = z.output<typeof aboveTheFoldSchema>;

export const mainHouseInfoSchema = z.looseObject({
  mainHouseInfo: z.looseObject({
    listingId: idLike,
    listingAgents: list(z.looseObject({ agentInfo: obj({ agentName: str }), brokerName: str })),
    lastUpdatedDate: num,
    marketingRemarks: list(z.looseObject({ marketingRemark: str })),
    selectedAmenities: list(z.looseObject({ header: str, content: str })),
    fullStreetAddress: str,
    mlsStatusDisplay: obj({ displayValue: str }),
    url: str,
  }),
});
export type MainHouseInfo = z.output<typeof mainHouseInfoSchema>['mainHouseInfo'];

export const historyEventSchema = z.looseObject({
  eventDescription: str,
  mlsDescription: str,
  price: num,
  eventDate: num,
  historyEventType: num,
  source: str,
  dataSourceDisplay: obj({ dataSourceName: str }),
});
export type HistoryEvent = z.output<typeof historyEventSchema>;

export const schoolEntrySchema = z.looseObject({
  name: z.string(),
  gradeRanges: str,
  distanceInMiles: z.union([z.string(), z.number()]).nullish().catch(null),
  greatSchoolsRating: num,
  institutionType: str,
  schoolUrl: str,
  servesHome: bool,
});
export type SchoolEntry = z.output<typeof schoolEntrySchema>;

export const belowTheFoldSchema = z.looseObject({
  amenitiesInfo: obj({
    superGroups: list(
      z.looseObject({
        titleString: str,
        amenityGroups: list(
          z.looseObject({ groupTitle: str, amenityEntries: list(z.looseObject({ amenityName: str, amenityValues: strList })) }),
        ),
      }),
    ),
    mlsDisclaimerInfo: obj({ listingBrokerName: str, listingAgentName: str, listingAgentNumber: str }),
  }),
  publicRecordsInfo: obj({
    basicInfo: obj({ propertyTypeName: str, yearBuilt: num }),
    latestListingInfo: obj({ propertyTypeName: str }),
  }),
  propertyHistoryInfo: obj({ events: list(historyEventSchema) }),
  schoolsAndDistrictsInfo: obj({ servingThisHomeSchools: list(schoolEntrySchema), schoolsToShowOnDP: list(schoolEntrySchema) }),
});
export type BelowTheFold = z.output<typeof belowTheFoldSchema>;

export const photoTagsSchema = z.looseObject({
  tagsByPhotoId: z.record(z.string(), z.unknown()).catch({}),
});
export const taggedPhotoSchema = z.looseObject({ photoUrl: z.string(), tags: strList });
