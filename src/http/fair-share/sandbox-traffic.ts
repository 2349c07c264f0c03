/**
 * The sandbox's own traffic on a partner's behalf, which the partner's client did not send: the
 * reports a `mortgage-sandbox listen` command posts for each notification it forwarded, and the
 * console's live updates of an open page (the request journal's new rows, a running certification's
 * section, each every 2 s). The request journal leaves it out, and the fair share counts it against
 * an allowance of its own, not the partner's rate limit (fair-share.ts). Told by method and path,
 * before any route is matched.
 */
const LISTEN_REPORT = /^\/sandbox\/listen\/[^/]+\/attempts$/
const LIVE_UPDATE = /^\/console\/(requests\/rows|certification\/[^/]+\/section)$/

/** Whether the request is the sandbox's own traffic (a listen report, a console live update). */
export function isSandboxTraffic(method: string, path: string): boolean {
  if (method === 'POST') return LISTEN_REPORT.test(path)
  return method === 'GET' && LIVE_UPDATE.test(path)
}
