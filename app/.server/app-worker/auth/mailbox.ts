// Which addresses reach one mailbox: case and a `+tag` make no difference, and Gmail ignores dots in
// the local part and delivers googlemail.com to gmail.com. Everything counted per person or per
// mailbox counts by it: the free ad (free-ad.ts), invites per recipient (account/invite.ts) and
// sign-in links per address (api/auth.ts).

/** Providers that ignore dots in the local part, by domain, with the domain they deliver to. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** The one form of every address that reaches the same mailbox as `email`. */
export function mailboxOf(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const canonicalDomain = DOTLESS_DOMAINS[domain] ?? domain;
  let name = local.split("+")[0];
  if (DOTLESS_DOMAINS[domain]) name = name.replace(/\./g, "");
  return `${name}@${canonicalDomain}`;
}

/** The domains whose addresses may reach the same mailbox as an address at `domain`. */
export function sameMailboxDomains(domain: string): string[] {
  const canonical = DOTLESS_DOMAINS[domain];
  return canonical ? Object.keys(DOTLESS_DOMAINS).filter((other) => DOTLESS_DOMAINS[other] === canonical) : [domain];
}
