/**
 * The package's public entry: `createClient` and the types and errors an app needs. Everything
 * else under src/ is internal and may change without notice.
 */
export { createClient, createCoreClient } from './client.ts';
export type { ClientOptions, CoreClient, ScoutClient } from './client.ts';
export { ScoutError, isScoutError } from './errors.ts';
export type { ErrorKind } from './errors.ts';
export type { StorageLike } from './auth/token-store.ts';
export type { ProviderSignInOptions } from './auth/provider-sign-in.ts';
export type {
  LinkedIdentity,
  MobileOAuthOptions,
  MobileOAuthStart,
  MobilePollOptions,
  SignInMethods,
} from './auth/auth-client.ts';
export type { Row, Where, OrderBy, FilterValue } from './db/query.ts';
export type { ListOptions, Page, RecordId, UpsertOptions } from './db/table-client.ts';
export type {
  Household,
  HouseholdAdult,
  HouseholdInvitation,
  HouseholdsClient,
  NewScout,
  RosterScout,
  ScoutProfile,
  TroopScout,
} from './households.ts';
export type { UploadBody, UploadOptions, UploadResult, DownloadInfo } from './storage.ts';
export type { EmailMessage, EmailResult, NotificationSettings } from './notifications.ts';
export type { Member, MembersClient } from './members.ts';
export type {
  CouncilOverview,
  CouncilTroopEvent,
  CreatedTroop,
  EventWindow,
  MyTroop,
  NewTroop,
  ServerTroop,
  Troop,
  TroopsClient,
} from './troops.ts';
export type {
  Rsvp,
  RsvpAnswer,
  RsvpAnswerInput,
  RsvpCounts,
  RsvpPerson,
  RsvpSummary,
  RsvpsClient,
} from './rsvps.ts';
export type {
  Commitment,
  GiveBack,
  MyCommitments,
  OpenSlots,
  PlaceInput,
  SeatsSummary,
  UnfilledSlots,
  VolunteerClient,
  VolunteerKind,
  VolunteerOffer,
  VolunteerSheet,
  VolunteerSlot,
  VolunteerSlotInput,
  VolunteerSlotPatch,
  VolunteerWindow,
} from './volunteer.ts';
export type {
  NewsletterAudience,
  NewsletterClient,
  NewsletterDraft,
  NewsletterImage,
  NewsletterKind,
  NewsletterListOptions,
  NewsletterPage,
  NewsletterPost,
  NewsletterPreview,
  NewsletterStatus,
  NewsletterSummary,
} from './newsletter.ts';
export type {
  SocialChannelId,
  SocialClient,
  SocialComment,
  SocialCommentInput,
  SocialHome,
  SocialListOptions,
  SocialMember,
  SocialModeration,
  SocialPage,
  SocialPost,
  SocialPostInput,
  SocialQueue,
  SocialReaction,
  SocialReactions,
  SocialSettings,
  SocialThread,
  SocialUpload,
  TaggableScout,
} from './social.ts';
export type {
  AiCallOptions,
  AiClient,
  AiContentPart,
  AiMessage,
  AiUsage,
  ImageInput,
  ImageResult,
  ModifyImageInput,
  ObjectInput,
  ObjectResult,
  SpeechInput,
  SpeechResult,
  StreamObjectInput,
  TextInput,
  TextResult,
  TranscriptionInput,
  TranscriptionResult,
} from './ai.ts';
export type {
  DataClient,
  ExtractBody,
  ExtractOptions,
  ExtractResult,
  FetchRequest,
  FetchResult,
  PageMetadata,
  ScrapeFormat,
  ScrapeResult,
  ScrapedLink,
  ScreenshotOptions,
  SearchOptions,
  SearchResult,
} from './data.ts';
export type { AnalyticsClient } from './analytics.ts';
export type { ConnectionStatus, PresenceUser, RealtimeMessage } from './realtime/types.ts';
export type {
  WireUser,
  StoredTokens,
  TokenResponse,
  SessionResponse,
  UserMetadata,
} from '@scout/protocol/auth';
export type { RolesConfig, RoleDefinition } from '@scout/protocol/permissions';
