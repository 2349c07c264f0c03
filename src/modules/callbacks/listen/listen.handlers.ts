import { streamSSE } from 'hono/streaming'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import type { ListenService } from './listen.service.ts'
import type * as routes from './listen.routes.ts'

export const listenHandlers = (listen: Pick<ListenService, 'open' | 'report'>) => ({
  /** The listener lives as long as its stream: registered before the answer (quota), gone when either side closes it. */
  stream: ((c) => {
    // Held to the token it was opened with: the stream ends when the token's user loses its rights.
    const listener = listen.open(c.get('auth'), c.req.valid('query'), c.req.header('authorization'))
    return streamSSE(c, async (sse) => {
      let end!: () => void
      const ended = new Promise<void>((resolve) => (end = resolve))
      let open = true
      const close = () => {
        open = false
        end()
      }
      sse.onAbort(close)
      await sse.writeSSE({ event: 'ready', data: JSON.stringify(listener.ready) })
      listener.attach({
        send: (event) => {
          if (open) sse.writeSSE(event).catch(close)
          return open
        },
        close: (last) => {
          // The last event is written before the stream closes, and nothing after it; a client already gone just ends it.
          if (last && open) {
            open = false
            sse.writeSSE(last).then(close, close)
          } else close()
        },
      })
      const heartbeat = setInterval(() => void sse.write(': heartbeat\n\n'), listener.heartbeatMs)
      try {
        await ended
      } finally {
        clearInterval(heartbeat)
        listener.detach()
      }
    }) as unknown as ReturnType<AppRouteHandler<typeof routes.stream>>
  }) satisfies AppRouteHandler<typeof routes.stream>,

  report: ((c) => {
    const { listenerId } = c.req.valid('param')
    const body = c.req.valid('json')
    listen.report(c.get('auth'), listenerId, body)
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { attemptId: body.attemptId, recorded: true as const } }, 200)
  }) satisfies AppRouteHandler<typeof routes.report>,
})
