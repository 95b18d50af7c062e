import { CALENDAR_FEED_PATH } from '@core/shared/paths';
import { useState } from 'react';
import { useOrigin } from '../../../lib/origin';

/** The feed's addresses on this site: https for pasting (Google), webcal:// to open a calendar app. */
export function calendarFeedUrls(origin: string): { https: string; webcal: string } {
  const https = new URL(CALENDAR_FEED_PATH, origin).href;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

/**
 * "Subscribe in your calendar": the club's live feed (GET /calendar.ics) for a member's own
 * calendar app, with the few steps Google, Apple and Outlook each need. Subscribed calendars
 * fetch the feed again by themselves, so changes and cancellations follow.
 */
export function SubscribeSection() {
  const { https, webcal } = calendarFeedUrls(useOrigin());
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () => {
    // No clipboard outside a secure context (plain http on another host): say so instead.
    if (!navigator.clipboard) {
      setCopied('no');
      return;
    }
    navigator.clipboard
      .writeText(https)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  };
  return (
    <section className="card calendar-subscribe" aria-labelledby="calendar-subscribe-title">
      <h2 id="calendar-subscribe-title">Subscribe in your calendar</h2>
      <p>See every club event in your own calendar. New events, changed times and cancellations appear there by themselves.</p>
      <p>
        <a className="btn btn-primary" href={webcal}>
          Subscribe in your calendar app
        </a>
      </p>
      <p>The calendar&rsquo;s address, to paste into your calendar:</p>
      <div className="calendar-feed-address">
        <code>{https}</code>
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy address
        </button>
      </div>
      <p className="calendar-feed-copied" role="status">
        {copied === 'yes' ? 'Address copied.' : copied === 'no' ? 'Could not copy: select the address and copy it yourself.' : ''}
      </p>
      <h3>Google Calendar</h3>
      <ol>
        <li>On a computer, open Google Calendar.</li>
        <li>
          Next to <strong>Other calendars</strong>, choose <strong>+</strong>, then <strong>From URL</strong>.
        </li>
        <li>
          Paste the address above and choose <strong>Add calendar</strong>. It then shows on your phone too.
        </li>
      </ol>
      <h3>Apple Calendar (iPhone, iPad, Mac)</h3>
      <ol>
        <li>
          Choose <strong>Subscribe in your calendar app</strong> above, then <strong>Subscribe</strong>.
        </li>
        <li>
          Or, on a Mac, choose <strong>File</strong>, <strong>New Calendar Subscription</strong> and paste the address.
        </li>
      </ol>
      <h3>Outlook</h3>
      <ol>
        <li>
          In Outlook on the web or Outlook.com, choose <strong>Add calendar</strong>, then <strong>Subscribe from web</strong>.
        </li>
        <li>
          Paste the address, give the calendar a name and choose <strong>Import</strong>. In Outlook for Windows, the same is under{' '}
          <strong>Add calendar</strong>, <strong>From Internet</strong>.
        </li>
      </ol>
      <p className="calendar-feed-note">
        Calendar apps check for changes every few hours (Google can take up to a day). To book, open an event from the calendar entry&rsquo;s link or from this
        page.
      </p>
    </section>
  );
}
