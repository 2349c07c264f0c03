import type { AuthContext } from '../../common/auth-context.ts'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { Notifications, CallbackService } from '../../modules/callbacks/index.ts'
import type { TriggerService } from '../../modules/sandbox-control/index.ts'
import { describeError } from './provider-states/fixture-registry.ts'

/** What the Pact verifier asks of a message interaction (pact-js hands it to the message provider). */
export interface MessageDescriptor {
  description: string
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>
  metadata?: Record<string, unknown>
}

/** What pact-js sends back to the verifier: the message and the metadata compared with the pact's. */
export interface ProducedMessage {
  __pactMessageMetadata: Record<string, string>
  message: unknown
}

/** The services a message is made with: those of the sandbox now answering. */
export interface MessageServices {
  callbacks: Pick<CallbackService, 'deliveriesOf'> & {
    publisher: Pick<Notifications, 'types' | 'named'>
    asDelivered(scope: ReturnType<typeof brokerScopeOf>, notificationId: string): { body: string; headers: Record<string, string> } | undefined
  }
  trigger: Pick<TriggerService, 'trigger' | 'recipes'>
}

/** A message the sandbox cannot produce: its kind is unknown, or its states do not allow it. */
export class MessageError extends Error {
  override name = 'MessageError'
}

type Declared = NonNullable<ReturnType<MessageServices['callbacks']['publisher']['named']>>

const known = (services: MessageServices) => services.callbacks.publisher.types.map((t) => `${t.code} (${t.id})`).join(', ')

/**
 * The kind of notification a message expects: its metadata `notificationType` (a code or an id),
 * else the one code its description names. @throws MessageError naming the known kinds.
 */
export function notificationKindOf(services: MessageServices, descriptor: MessageDescriptor): Declared {
  const { publisher } = services.callbacks
  const named = descriptor.metadata?.notificationType
  if (named !== undefined && named !== null && named !== '') {
    const type = publisher.named(named as string | number)
    if (!type)
      throw new MessageError(
        `Message "${descriptor.description}": metadata notificationType "${String(named)}" is not a notification type of the bank. Known types: ${known(services)}.`,
      )
    return type
  }
  const codes = publisher.types.filter((t) => new RegExp(`(^|[^A-Z0-9_])${t.code}([^A-Z0-9_]|$)`).test(descriptor.description))
  if (codes.length === 1) return publisher.named(codes[0]!.code)!
  const why = codes.length === 0 ? 'names no notification type' : `names several notification types (${codes.map((c) => c.code).join(', ')})`
  throw new MessageError(
    `Message "${descriptor.description}" ${why}: give its metadata notificationType (a code or an id), or one code in its description. Known types: ${known(services)}.`,
  )
}

/** The last simulation and process the interaction's provider states name. */
function recordsOf(descriptor: MessageDescriptor): { processUniqueId?: string; simulationUniqueId?: string } {
  const found: { processUniqueId?: string; simulationUniqueId?: string } = {}
  for (const state of descriptor.providerStates ?? []) {
    const params = state.params ?? {}
    if (typeof params.processUniqueId === 'string') found.processUniqueId = params.processUniqueId
    if (typeof params.simulationUniqueId === 'string') found.simulationUniqueId = params.simulationUniqueId
  }
  return found
}

/**
 * The notification a message interaction expects, produced by the code that publishes real ones: the
 * latest notification of its kind the provider states' records already raised (a process created, a
 * bank message written), else one `trigger` makes on the state's record (or on records it creates),
 * as the sandbox stored it for delivery. Its metadata: the kind as the pact named it, the content
 * type and the Standard Webhooks headers a delivery carries.
 * @throws MessageError when the kind is unknown or cannot be made from the states' records.
 */
export async function produceNotification(services: MessageServices, actor: AuthContext, descriptor: MessageDescriptor): Promise<ProducedMessage> {
  const type = notificationKindOf(services, descriptor)
  const scope = brokerScopeOf(actor)
  const records = recordsOf(descriptor)
  // Oldest first: the latest of its kind on the process, else on the simulation.
  const latestOn = (about: { processUniqueId: string } | { simulationUniqueId: string }) =>
    services.callbacks
      .deliveriesOf(scope, about)
      .filter((n) => n.notificationTypeId === type.id)
      .at(-1)?.notificationId
  const raised =
    (records.processUniqueId ? latestOn({ processUniqueId: records.processUniqueId }) : undefined) ??
    (records.simulationUniqueId ? latestOn({ simulationUniqueId: records.simulationUniqueId }) : undefined)
  let notificationId = raised
  if (!notificationId) {
    const takes = services.trigger.recipes().find((r) => r.id === type.id)!.takes
    const record =
      takes.includes('process') && records.processUniqueId
        ? { processUniqueId: records.processUniqueId }
        : takes.includes('simulation') && records.simulationUniqueId
          ? { simulationUniqueId: records.simulationUniqueId }
          : {}
    try {
      notificationId = (await services.trigger.trigger(actor, { notificationType: type.code, ...record })).notificationId
    } catch (error) {
      const states = (descriptor.providerStates ?? []).map((s) => `"${s.name}"`).join(', ') || 'none'
      const recipe = services.trigger.recipes().find((r) => r.id === type.id)!
      throw new MessageError(
        `Message "${descriptor.description}": ${type.code} cannot be made from its provider states (${states}): ${describeError(error)}. ${type.code} is made from ${recipe.takes.map((k) => `a ${k}`).join(' or ')}: ${recipe.does}`,
      )
    }
  }
  const delivered = services.callbacks.asDelivered(scope, notificationId)!
  const asked = descriptor.metadata ?? {}
  // The kind as the pact named it (a code or an id), so the pact's own value compares equal.
  const metadata: Record<string, unknown> = {
    contentType: 'application/json',
    notificationType:
      typeof asked.notificationType === 'number' || (typeof asked.notificationType === 'string' && /^\d+$/.test(asked.notificationType.trim()))
        ? asked.notificationType
        : type.code,
    notificationTypeId: typeof asked.notificationTypeId === 'number' ? type.id : String(type.id),
    'webhook-id': delivered.headers['webhook-id'],
    'webhook-timestamp': delivered.headers['webhook-timestamp'],
    'webhook-signature': delivered.headers['webhook-signature'],
    'user-agent': delivered.headers['user-agent'],
  }
  return { __pactMessageMetadata: metadata as Record<string, string>, message: JSON.parse(delivered.body) as unknown }
}
