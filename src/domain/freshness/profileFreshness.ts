// What the profile status says about how fresh a profile is: its operating status, when its
// information was last confirmed and whether confirming it is due, how many reports about it wait
// for an answer, with the advice to give.
import { businessToday } from '../blackoutDates';
import { locationOf, type BusinessProfile } from '../profile';
import { confirmationAdvice, confirmationState, type ConfirmationState } from './informationConfirmation';
import { type OperatingStatus, operatingStatusOf } from './operatingStatus';

export interface ProfileFreshness extends ConfirmationState {
  operatingStatus: OperatingStatus;
  /** Reports that it closed or that its information is wrong, not yet answered. */
  openReports: number;
}

export function profileFreshness(profile: BusinessProfile, confirmAfterDays: number, now: Date, openReports: number): { freshness: ProfileFreshness; advice: string[] } {
  const confirmation = confirmationState(profile, confirmAfterDays, now);
  const operatingStatus = operatingStatusOf(profile);
  const reopeningPassed = operatingStatus.reopensOn !== undefined && operatingStatus.reopensOn < businessToday(locationOf(profile).coordinates, now);
  const advice = [
    confirmationAdvice(confirmation, confirmAfterDays),
    reopeningPassed ? `Your expected reopening date (${operatingStatus.reopensOn}) has passed: set operatingStatus to open, or give a new reopensOn.` : undefined,
    openReports > 0
      ? `${openReports} report${openReports === 1 ? '' : 's'} that the business closed or that its information is wrong await${openReports === 1 ? 's' : ''} your answer ` +
        `(GET /v1/business/profile/${profile.id}/information-reports?status=open).`
      : undefined,
  ].filter((line): line is string => line !== undefined);
  return { freshness: { operatingStatus, ...confirmation, openReports }, advice };
}
