import { CheckSignInCode } from '../../../core/member-sign-in/check-sign-in-code';
import { CurrentMember } from '../../../core/member-sign-in/current-member';
import { RequestSignInCode } from '../../../core/member-sign-in/request-sign-in-code';
import { SignOutEverywhere, SignOutMember } from '../../../core/member-sign-in/sign-out-member';
import { MemberPasskeys, PasskeyRegistration } from '../../../core/member-sign-in/passkey-registration';
import { PasskeySignIn } from '../../../core/member-sign-in/passkey-sign-in';
import { RenewalLinkSignIn } from '../../../core/member-sign-in/renewal-link-sign-in';
import type { AppConfig } from '../../config';
import { type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ siteSettings: siteSettings(config) });

/** Members' passwordless sign-in (docs/member-sign-in.md): e-mailed codes, passkeys and member sessions. */
export const memberSignInFeature: Feature = {
  name: 'member-sign-in',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    /** What asking for a code and checking one share: the keys codes are made with, and the e-mail that carries them. */
    const codeMailDeps = () => ({
      secrets: get('secrets'),
      signInKeys: get('signInKeys'),
      outbox: get('outbox'),
      ids: get('ids'),
      clock: get('clock'),
      siteSettings: settings.siteSettings,
      reportSignInCodeError: options.reportSignInCodeError,
    });
    return [
      provide(
        RequestSignInCode,
        () => new RequestSignInCode({ members: get('members'), loginAttempts: get('loginAttempts'), signInCodes: get('signInCodes'), ...codeMailDeps() }),
      ),
      provide(
        CheckSignInCode,
        () =>
          new CheckSignInCode({
            members: get('members'),
            signInCodes: get('signInCodes'),
            memberSessions: get('memberSessions'),
            addressLimits: get('addressLimits'),
            loginAttempts: get('loginAttempts'),
            ...codeMailDeps(),
          }),
      ),
      provide(
        CurrentMember,
        () => new CurrentMember({ members: get('members'), memberSessions: get('memberSessions'), secrets: get('secrets'), clock: get('clock') }),
      ),
      provide(
        RenewalLinkSignIn,
        () =>
          new RenewalLinkSignIn({
            members: get('members'),
            memberSessions: get('memberSessions'),
            addressLimits: get('addressLimits'),
            renewalLinks: get('renewalLinks'),
            signInKeys: get('signInKeys'),
            secrets: get('secrets'),
            clock: get('clock'),
          }),
      ),
      provide(SignOutEverywhere, () => new SignOutEverywhere({ memberSessions: get('memberSessions'), pushSubscriptions: get('pushSubscriptions') })),
      provide(
        SignOutMember,
        () => new SignOutMember({ memberSessions: get('memberSessions'), secrets: get('secrets'), pushSubscriptions: get('pushSubscriptions') }),
      ),
      provide(
        PasskeyRegistration,
        () =>
          new PasskeyRegistration({
            passkeys: get('passkeys'),
            passkeyChallenges: get('passkeyChallenges'),
            ceremony: get('passkeyCeremony'),
            addressLimits: get('addressLimits'),
            secrets: get('secrets'),
            clock: get('clock'),
          }),
      ),
      provide(MemberPasskeys, () => new MemberPasskeys({ passkeys: get('passkeys'), memberSessions: get('memberSessions') })),
      provide(
        PasskeySignIn,
        () =>
          new PasskeySignIn({
            members: get('members'),
            passkeys: get('passkeys'),
            passkeyChallenges: get('passkeyChallenges'),
            memberSessions: get('memberSessions'),
            ceremony: get('passkeyCeremony'),
            addressLimits: get('addressLimits'),
            secrets: get('secrets'),
            clock: get('clock'),
          }),
      ),
    ];
  },
};
