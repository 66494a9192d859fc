/**
 * The company-domain rule (spec section 5): staff are users whose *verified*
 * email is on one of the company's domains. Exact domain match, case-insensitive;
 * subdomains do not count, so `x@evil.promptframe.ai.example` never passes.
 */
export interface EmailFacts {
  email?: string | null;
  emailVerified?: boolean | null;
}

export function isCompanyEmail(email: string | null | undefined, companyDomains: readonly string[]): boolean {
  if (!email) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return companyDomains.includes(domain);
}

export function isStaff(facts: EmailFacts, companyDomains: readonly string[]): boolean {
  return facts.emailVerified === true && isCompanyEmail(facts.email, companyDomains);
}
