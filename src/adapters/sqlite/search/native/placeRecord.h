/*
** The place record of a document with coordinates (a LIST_PLACES payload): what the filters of a
** text search near a point test, so topText.c never reads a documents row to filter. Little-endian,
** written by the adapter (placeRecord.ts) from the same values as the documents row's columns.
*/
#ifndef SEARCH_PLACE_RECORD_H
#define SEARCH_PLACE_RECORD_H

#define PLACE_BYTES 104

/* Byte offsets. Doubles, then 64-bit masks, then single bytes. */
#define PLACE_LAT 0
#define PLACE_LON 8
#define PLACE_MIN_PRICE 16 /* NaN: no price */
#define PLACE_RATING 24
#define PLACE_REVIEWS 32
#define PLACE_OPEN_H0 40 /* open_h0..open_h2 (openingMasks.ts), 8 bytes each */
#define PLACE_SURE_H0 64 /* open at every minute of the hour, 8 bytes each */
#define PLACE_OPEN_DAYS 88
#define PLACE_FLAGS 89
#define PLACE_BLACKOUT_DAYS 90 /* up to four blackout dates, u16 days since 2000-01-01 each; 0: none */
#define PLACE_BLACKOUT_SLOTS 4
#define PLACE_VERIFICATION 98 /* the verification level: its index in VERIFICATION_LEVELS (domain/profile.ts) */

/* PLACE_FLAGS bits. */
#define PLACE_HAS_MASKS 1   /* the masks are known (else every time filter is left to the exact check) */
#define PLACE_HAS_PRICE 2
#define PLACE_NO_BLACKOUT 4 /* no blackout dates: the sure masks decide "open now" alone */
#define PLACE_BLACKOUT_LISTED 8 /* every blackout date is in PLACE_BLACKOUT_DAYS */

#endif
