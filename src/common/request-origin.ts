/** Who made a request, as the sandbox knows it: a client over HTTP, or the console through the loopback. */
export type RequestOrigin = 'api' | 'console'
