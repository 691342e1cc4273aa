/**
 * What a browser does in a redirect-based sign-in, without a browser: GETs with `redirect:
 * 'manual'`, a cookie jar per origin (paths and expiry by Max-Age=0 only, enough for these
 * flows), and following Location headers until one leaves the given origins' redirect chain.
 */
export class RedirectBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** One GET with this origin's cookies; remembers what it sets; returns the status and Location. */
  async get(url: string): Promise<{ status: number; location: string | null; url: string }> {
    const target = new URL(url);
    const jar = this.jar(target.origin);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired) jar.delete(name);
      else jar.set(name, pair!.slice(eq + 1).trim());
    }
    await res.arrayBuffer();
    const location = res.headers.get('location');
    return { status: res.status, location: location === null ? null : new URL(location, target).href, url: target.href };
  }

  /**
   * Follows redirects from `url` until a response is not a redirect or the next Location is
   * accepted by `stop` (returned without being fetched). At most 20 hops.
   */
  async follow(url: string, stop: (location: URL) => boolean): Promise<string> {
    let next = url;
    for (let hop = 0; hop < 20; hop++) {
      const { status, location } = await this.get(next);
      if (status < 300 || status >= 400 || location === null) return next;
      if (stop(new URL(location))) return location;
      next = location;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Forgets one origin's cookies (another browser, as far as that site can tell). */
  clear(origin: string): void {
    this.jars.delete(origin);
  }

  private jar(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    return jar;
  }
}
