/**
 * The sandbox's own HTTP application, for a service that calls the API as a partner's client would
 * (the console's "try it"): the application is built after the services, so it is attached late.
 */
export function createLoopback() {
  let handler: ((request: Request) => Promise<Response>) | undefined
  return {
    attach(fetch: (request: Request) => Promise<Response>): void {
      handler = fetch
    },
    fetch(request: Request): Promise<Response> {
      if (!handler) throw new Error('no HTTP application is attached to the loopback')
      return handler(request)
    },
  }
}

export type Loopback = ReturnType<typeof createLoopback>
