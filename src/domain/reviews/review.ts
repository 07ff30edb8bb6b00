// A customer review of a business. One per account per business and environment;
// the business owner may answer it once (and edit the answer); an admin may hide it, and every
// hide or restore is kept in `moderation` for audit. Only visible reviews count towards the
// profile's trust.averageRating and trust.totalReviews (ratingSummary.ts).
import type { Environment } from '../profile';

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const REVIEW_TEXT_MAX = 5000;
export const REPLY_TEXT_MAX = 2000;
export const MODERATION_REASON_MAX = 500;

export interface ReviewReply {
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface ModerationEntry {
  action: 'hidden' | 'restored';
  reason: string;
  /** The admin account that acted. */
  by: string;
  at: string;
}

export interface Review {
  id: string; // rev_
  environment: Environment;
  businessId: string;
  authorId: string; // acct_
  /** The author's account name when the review was written: what readers see. */
  authorName: string;
  /** Whole stars, 1-5. */
  rating: number;
  /** Empty when the author gave a rating only. */
  text: string;
  /** YYYY-MM-DD in the business's calendar; never after the day it was written. */
  visitDate?: string;
  reply?: ReviewReply;
  hidden: boolean;
  /** Every hide and restore, oldest first; never shown to the public. */
  moderation: ModerationEntry[];
  /** Revision for compare-and-swap edits, starts at 1. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a page of reviews in one sort order ended: the next page starts strictly after it. */
export interface ReviewPosition {
  rating: number;
  createdAt: string;
  id: string;
}
