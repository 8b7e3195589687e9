// The Kleinanzeigen Public API Gateway over fetch (ADR 038): a client-credentials token, then the
// listing, media and publication calls of contract.ts. Every refusal becomes a PublishError in
// German with what to fix; answers are zod-parsed, so a changed contract fails loudly. Every call
// has a time budget; no answer is a NoAnswerError, "unknown outcome" (ADR 047).
import { z } from "zod";
import { fetchWithin, jsonWithin } from "../publishing/marketplace-fetch";
import { PublishError } from "../publishing/publisher";
import {
  addMediaBodySchema,
  imprintBodySchema,
  listingAnswer,
  listingBodySchema,
  listingUpdateSchema,
  mediaTicketBodySchema,
  paths,
  problemAnswer,
  publicationAnswer,
  publicationBodySchema,
  republishBodySchema,
  ticketAnswer,
  TOKEN_AUDIENCE,
  TOKEN_PATH,
  tokenAnswer,
  uuidAnswer,
  type ListingAnswer,
  type ListingBody,
  type ListingUpdate,
  type MediaType,
  type PublicationAnswer,
  type PublicationBody,
} from "./contract";
import type { KleinanzeigenAccess } from "./settings";

export const UNREACHABLE = "Kleinanzeigen ist gerade nicht erreichbar. Versuch es in ein paar Minuten noch einmal.";
const NO_ANSWER_MESSAGES = {
  timedOut: "Kleinanzeigen antwortet nicht. Versuch es in ein paar Minuten noch einmal.",
  unreachable: UNREACHABLE,
};

/** Kleinanzeigen answered, but not in the shape contract.ts knows (ADR 074). */
export const UNEXPECTED_ANSWER =
  "Kleinanzeigen hat anders geantwortet, als AnzeigenPilot es kennt – an deiner Anzeige liegt das nicht. Versuch es später noch einmal; hält es an, schreib uns.";

/** Kleinanzeigen no longer has the listing (404). */
export const GONE = "Diese Anzeige gibt es bei Kleinanzeigen nicht mehr. Veröffentliche sie neu.";

/** The gateway refused the operator's credentials: nothing the dealer can fix, said so (the operator reads it in the log). */
export const ACCESS_REFUSED =
  "Kleinanzeigen hat die Anmeldung von AnzeigenPilot gerade abgelehnt – an deiner Anzeige liegt das nicht. Versuch es später noch einmal; hält es an, schreib uns.";

/** The platform's own words where it gives them (localized first), else what the status means. */
async function refusal(response: Response, action: string): Promise<PublishError> {
  const parsed = problemAnswer.safeParse(await jsonWithin(response, NO_ANSWER_MESSAGES));
  const said = parsed.success ? (parsed.data.localizedMessage || parsed.data.localizedDetail || parsed.data.detail || "").trim() : "";
  if (response.status === 401 || response.status === 403) {
    console.error(`kleinanzeigen refused the operator's credentials (${response.status})`);
    return new PublishError(ACCESS_REFUSED, 502, response.status);
  }
  if (response.status === 404) return new PublishError(GONE, 409, 404);
  if (response.status >= 500) return new PublishError(UNREACHABLE, 502, response.status);
  return new PublishError(
    `Kleinanzeigen hat ${action} abgelehnt${said ? `: ${said}` : "."} Bitte korrigiere die Anzeige und versuch es noch einmal.`,
    422,
    response.status,
  );
}

/** For `.catch`: a listing Kleinanzeigen no longer has (404) answers `value`; other errors stay errors. */
export function unlessGone<T>(value: T) {
  return (error: unknown): T => {
    if (error instanceof PublishError && error.upstreamStatus === 404) return value;
    throw error;
  };
}

/** What the app sends is checked against contract.ts first: an off-contract body never leaves (ADR 048). */
function onContract<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error("kleinanzeigen request off contract", z.prettifyError(parsed.error));
  throw new PublishError(
    "Die Angaben passen nicht zu dem, was Kleinanzeigen annimmt. Bitte prüfe Titel, Text und Angaben und versuch es noch einmal.",
    422,
  );
}

export type KleinanzeigenClient = ReturnType<typeof createKleinanzeigenClient>;

export function createKleinanzeigenClient(access: KleinanzeigenAccess, fetcher: typeof fetch = fetch) {
  let token: { value: string; until: number } | null = null;

  const send = (input: string, init: RequestInit) => fetchWithin(input, init, NO_ANSWER_MESSAGES, fetcher);

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await send(`${access.apiUrl}${TOKEN_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: access.clientId,
        client_secret: access.clientSecret,
        audience: TOKEN_AUDIENCE,
      }),
    });
    if (!response.ok) {
      if (response.status >= 500) throw new PublishError(UNREACHABLE, 502);
      console.error(`kleinanzeigen refused the operator's client credentials (${response.status})`);
      throw new PublishError(ACCESS_REFUSED, 502);
    }
    const answer = tokenAnswer.parse(await jsonWithin(response, NO_ANSWER_MESSAGES));
    // A minute of margin, so a token never expires between two calls of one publication.
    token = { value: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, action: string, body: unknown, answer: z.ZodType<T> | null): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${await accessToken()}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await send(`${access.apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await refusal(response, action);
    if (!answer) return undefined as T;
    const parsed = answer.safeParse(await jsonWithin(response, NO_ANSWER_MESSAGES));
    if (!parsed.success) {
      // An answer arrived, in a shape contract.ts does not know: said as such, not as "unreachable" (ADR 074).
      console.error(`kleinanzeigen answered ${method} ${path.split("?")[0]} off contract`, z.prettifyError(parsed.error));
      throw new PublishError(UNEXPECTED_ANSWER, 502);
    }
    return parsed.data;
  }

  return {
    createImprint: (content: string) =>
      call("POST", paths.imprints, "das Impressum", onContract(imprintBodySchema, { content }), uuidAnswer).then((a) => a.uuid),
    createListing: (body: ListingBody) =>
      call("POST", paths.listings, "die Anzeige", onContract(listingBodySchema, body), uuidAnswer).then((a) => a.uuid),
    /** The listing as Kleinanzeigen holds it (its category by name, its price as `adPrice`, its photos' `urls`). */
    getListing: (listingUuid: string): Promise<ListingAnswer> =>
      call("GET", paths.listing(listingUuid), "die Abfrage der Anzeige", undefined, listingAnswer),
    updateListing: (listingUuid: string, body: ListingUpdate) =>
      call("PUT", paths.listing(listingUuid), "die Änderung", onContract(listingUpdateSchema, body), null),
    requestMediaTicket: (mediaType: MediaType) =>
      call("POST", paths.media, "das Foto", onContract(mediaTicketBodySchema, { mediaType }), ticketAnswer),
    /** The presigned upload: the bytes go straight to the storage, without the gateway's token. */
    async uploadMedia(signedPutUrl: string, bytes: ArrayBuffer | Uint8Array<ArrayBuffer>, mediaType: MediaType) {
      const response = await send(signedPutUrl, { method: "PUT", headers: { "Content-Type": mediaType }, body: bytes });
      if (!response.ok) throw new PublishError("Kleinanzeigen hat ein Foto nicht angenommen. Versuch es noch einmal.", 502);
    },
    addMedia: (listingUuid: string, ticketUuid: string) =>
      call("PUT", paths.listingMedia(listingUuid), "das Foto", onContract(addMediaBodySchema, { ticketUuid }), null),
    createPublication: (listingUuid: string, body: PublicationBody) =>
      call("POST", paths.publications(listingUuid), "die Veröffentlichung", onContract(publicationBodySchema, body), uuidAnswer).then(
        (a) => a.uuid,
      ),
    /** Every publication of a listing (the guide's "Get All Publications"), for the sweep (ADR 047). */
    listPublications: (listingUuid: string): Promise<PublicationAnswer[]> =>
      call("GET", paths.publications(listingUuid), "die Statusabfrage", undefined, z.array(publicationAnswer)),
    getPublication: (listingUuid: string, publicationUuid: string): Promise<PublicationAnswer> =>
      call("GET", paths.publication(listingUuid, publicationUuid), "die Statusabfrage", undefined, publicationAnswer),
    republish: (listingUuid: string, publicationUuid: string) =>
      call("PUT", paths.republish(listingUuid, publicationUuid), "die Aktualisierung", onContract(republishBodySchema, {}), null),
    setPublicationState: (listingUuid: string, publicationUuid: string, state: "PAUSED" | "RESUMED") =>
      call("PUT", paths.publicationState(listingUuid, publicationUuid, state), "das Pausieren", undefined, null),
    deleteListing: (listingUuid: string) => call("DELETE", paths.listing(listingUuid), "das Beenden", undefined, null),
  };
}
