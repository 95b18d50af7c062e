import type { SitePageSlug, SitePageText } from './site-page';
import { WATER_LEVEL_CHART_MARKER } from './site-page-marker';

/**
 * The pages' original words, as the app shipped them (written into its code until admins could
 * edit them): shown until an admin saves a page, and what the edit form opens with then. The
 * Markdown keeps the old pages' headings, lists, table, links and the water-level chart's place.
 */

const RADIO_TABLE = `| Channel | Use it for |
| --- | --- |
| 16 | **Emergencies only.** Distress, urgency and safety calls. Never use it for chat or radio checks. |
| 8 | The club channel: the safety boat, race officer and other club boats. |
| 77 | The water authority: reservoir staff, the dam and the water-level team. |`;

const BEGINNERS = `New to sailing, or new to the reservoir? Start here. Ask anyone at the club: we were all beginners once.

## Before you go afloat

- Check the forecast and the flag at the clubhouse. If in doubt, don't go out.
- Wear a buoyancy aid whenever you are on the jetty or afloat.
- Fill in a trip slip so the club knows who is on the water, and sign back in when you return.
- Check your boat: bungs in, rudder and centreboard secure, ropes free of tangles.
- Sail with a buddy or when the safety boat is out until you are confident.
- Dress for falling in: the water is much colder than the air for most of the year.

## Using the radio

Channel 16 is for emergencies only. For everything else on the water call the club on channel 8, and the water authority on channel 77.

${RADIO_TABLE}

## Sailing lingo

- **Port and starboard**: Left and right when facing the bow (the front). Port has the red light, starboard the green.
- **Windward and leeward**: Windward is the side the wind blows from; leeward is the side it blows towards.
- **Tack**: Turning the bow through the wind, so the wind comes over the other side of the boat.
- **Gybe**: Turning the stern (the back) through the wind. The boom swings across fast: keep your head down.
- **Close-hauled**: Sailing as close towards the wind as the boat will go, sails pulled in tight.
- **Run**: Sailing with the wind behind you, sails let right out.
- **Sheet**: The rope that controls a sail (not the sail itself).
- **Painter**: The rope at the bow used to tie the boat up.

## How fast can my boat go?

A displacement hull (one that does not plane) has a practical top speed, its hull speed:

> **Hull speed ≈ 1.34 × √(waterline length in feet) knots**

For example, a yacht with a 25 ft waterline: √25 = 5, and 1.34 × 5 ≈ 6.7 knots. Pushing harder than this mostly makes a bigger wave, not more speed.

## Reservoir water level

When the level is low, watch for the shallows and the old wall near the north shore, and use the lower slipway.

${WATER_LEVEL_CHART_MARKER}

## What's on

Training sessions and taster days are in the [events calendar](/calendar), and the latest club e-mails are on the [news page](/news).
`;

const information = (clubName: string) => `The practical things every member of ${clubName} needs to know.

## The noticeboard

The noticeboard in the clubhouse carries the duty rota, race results, lost and found, boats for sale and any temporary hazards on the water. Check it every time you arrive.

## Trip slips

Before you leave the jetty, fill in a trip slip with your boat, crew and expected return time, and put it in the box by the jetty gate. When you are back ashore, take your slip out again. An uncollected slip after dark starts a search, so please never forget it.

## Radio channels

Channel 16 is for emergencies only. The club listens on channel 8 and the water authority on channel 77.

${RADIO_TABLE}

## Moorings and overnight stays

Overnight stays on the moorings are allowed for members. The map of the overnight moorings, the water-authority rules and the membership fees are in the [member documents](/documents).

## Reservoir water level

${WATER_LEVEL_CHART_MARKER}

## Keeping up to date

Read the latest club e-mails on the [news page](/news) and see what's coming up in the [events calendar](/calendar).
`;

const privacy = (
  clubName: string,
) => `${clubName} keeps members' personal data to run the club: bookings, payments, the member list, duty rosters and the e-mails it sends you. It keeps each kind only as long as it needs it, and the app applies the schedule below every night by itself.

## Your rights

You may ask for a copy of the personal data the club holds about you, or ask the club to erase it (the club keeps its financial records, without your name, as the law requires). Ask the club's secretary, or use the contact details on the [club information page](/information).`;

/** A page's original title and Markdown; the information and privacy pages name the club (CLUB_NAME). */
export function defaultSitePage(slug: SitePageSlug, clubName: string): SitePageText {
  if (slug === 'beginners') return { slug, title: 'Beginner Sailing Tips', body: BEGINNERS };
  if (slug === 'privacy') return { slug, title: 'Privacy notice', body: privacy(clubName) };
  return { slug, title: 'Club Information', body: information(clubName) };
}
