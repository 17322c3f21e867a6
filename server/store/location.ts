/** A database location is a postgres:// (or postgresql://) URL, or else the path of an SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/** The location as it may be printed: a URL's password hidden. */
export function redactLocation(location: string): string {
  return isPostgresUrl(location) ? redactUrlPassword(location) : location;
}

/** A URL with credentials (a database's, an SMTP server's) as it may be printed or logged: its password hidden. */
export function redactUrlPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/(:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
  }
}
